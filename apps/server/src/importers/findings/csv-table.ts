import { type CsvRecord, parseCsv } from "../csv";
import { ImportFileError, type ImportSource } from "./types";

/** Header names compared without case, spaces, dashes or underscores ("First Seen" = first_seen). */
export const foldHeader = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

export interface CsvTable {
  header: string[];
  /** Column index by folded header name (the first column wins when two fold alike). */
  columns: Map<string, number>;
  rows: AsyncIterable<CsvRecord>;
}

/** The delimiter a header line uses: the most frequent of comma, semicolon and tab (Excel writes ";"). */
async function sniffDelimiter(source: ImportSource): Promise<string> {
  for await (const line of source.lines()) {
    if (line.trim() === "") continue;
    const counts = [",", ";", "\t"].map((d) => [d, line.split(d).length - 1] as const);
    return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
  }
  return ",";
}

/**
 * Opens a CSV file with a header row: the header is read (and a file without one refused) before
 * any data row, then the rows stream. `delimiter: "auto"` sniffs it from the header line.
 */
export async function openCsvTable(source: ImportSource, formatName: string, delimiter = ","): Promise<CsvTable> {
  const chosen = delimiter === "auto" ? await sniffDelimiter(source) : delimiter;
  const iterator = parseCsv(source.lines(), chosen)[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new ImportFileError(`Empty ${formatName} file: no header row`);
  const header = first.value.fields.map((h) => h.trim());
  const columns = new Map<string, number>();
  header.forEach((name, i) => {
    const key = foldHeader(name);
    if (key && !columns.has(key)) columns.set(key, i);
  });
  const rows: AsyncIterable<CsvRecord> = { [Symbol.asyncIterator]: () => iterator };
  return { header, columns, rows };
}

/** A cell by folded column name: trimmed, undefined when the column is absent or the cell blank. */
export function cell(table: CsvTable, fields: string[], ...names: string[]): string | undefined {
  for (const name of names) {
    const index = table.columns.get(foldHeader(name));
    const value = index === undefined ? undefined : fields[index]?.trim();
    if (value) return value;
  }
  return undefined;
}

export function hasColumn(table: CsvTable, ...names: string[]): boolean {
  return names.some((name) => table.columns.has(foldHeader(name)));
}

/** The column that names a field, for problem reports: the header as the file spells it. */
export function columnName(table: CsvTable, ...names: string[]): string {
  for (const name of names) {
    const index = table.columns.get(foldHeader(name));
    if (index !== undefined) return table.header[index] ?? name;
  }
  return names[0] ?? "(column)";
}
