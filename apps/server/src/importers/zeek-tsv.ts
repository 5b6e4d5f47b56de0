import { createEmitter, RowReport } from "./emit";
import { type AlertImporter, ImportFileError } from "./types";
import { mapZeek } from "./zeek";

type Header = { separator: string; setSeparator: string; unset: string; empty: string; fields?: string[]; types?: string[] };

/** Zeek's header escapes the separator as "\x09". */
const unescapeHex = (value: string) =>
  value.replace(/\\x([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * Zeek notice.log in its native TSV form: `#separator`, `#set_separator`, `#empty_field`,
 * `#unset_field`, `#fields` and `#types` header lines, then one record per line. The unset
 * marker ("-") is absent and the empty marker ("(empty)") an empty set; `set[...]`/`vector[...]`
 * columns become arrays. `raw` keeps the row's columns as written. A data line before `#fields`
 * makes the file unreadable.
 */
export const importZeekTsv: AlertImporter = async function* importZeekTsv(source) {
  const emit = createEmitter();
  const header: Header = { separator: "\t", setSeparator: ",", unset: "-", empty: "(empty)" };
  let row = 0;
  for await (const line of source.lines()) {
    row++;
    if (line.trim() === "") continue;
    if (line.startsWith("#")) {
      readHeader(header, line);
      continue;
    }
    const { fields, types } = header;
    if (!fields) throw new ImportFileError(`Line ${row} is a Zeek record but no #fields header came before it`, row);
    const cells = line.split(header.separator);
    if (cells.length !== fields.length) {
      const reason = `has ${cells.length} columns, #fields names ${fields.length}`;
      yield { kind: "rejected", row, problems: [{ field: "(record)", reason }], raw: line };
      continue;
    }
    const raw: Record<string, string> = {};
    const notice: Record<string, unknown> = {};
    fields.forEach((name, i) => {
      const cell = cells[i] ?? "";
      raw[name] = cell;
      if (cell === header.unset) return;
      const isSet = /^(set|vector)\[/.test(types?.[i] ?? "");
      if (isSet) notice[name] = cell === header.empty ? [] : cell.split(header.setSeparator);
      else notice[name] = cell === header.empty ? "" : cell;
    });
    const report = new RowReport(row);
    const mapped = mapZeek(notice, report);
    if ("skip" in mapped) yield { kind: "skipped", row, reason: mapped.skip };
    else yield emit(report, { ...mapped, raw }, line);
  }
};

function readHeader(header: Header, line: string): void {
  if (line.startsWith("#separator ")) {
    header.separator = unescapeHex(line.slice("#separator ".length));
    return;
  }
  const [key, ...values] = line.split(header.separator);
  const value = values.join(header.separator);
  if (key === "#set_separator") header.setSeparator = value;
  else if (key === "#unset_field") header.unset = value;
  else if (key === "#empty_field") header.empty = value;
  else if (key === "#fields") header.fields = values;
  else if (key === "#types") header.types = values;
}
