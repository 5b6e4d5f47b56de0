import { ImportFileError } from "./types";

/** One CSV record: its fields, the physical line it starts on, and its text as written. */
export type CsvRecord = { line: number; fields: string[]; text: string };

/**
 * A streaming RFC 4180 reader over lines (as node:readline yields them). Quoted fields may hold
 * commas, doubled quotes ("") and line breaks; a record spanning lines is numbered by its first
 * line. Blank lines between records are skipped. Memory is bounded by the longest record.
 * A quote left open at the end of the file makes the file unreadable.
 */
export async function* parseCsv(lines: AsyncIterable<string>, delimiter = ","): AsyncIterable<CsvRecord> {
  let line = 0;
  let start = 0;
  let fields: string[] = [];
  let field = "";
  let quoted = false; // inside a quoted field, possibly continuing on the next line
  let text: string[] = [];
  for await (const rawLine of lines) {
    line++;
    const input = line === 1 && rawLine.charCodeAt(0) === 0xfeff ? rawLine.slice(1) : rawLine;
    if (!quoted) {
      if (input === "") continue;
      start = line;
      fields = [];
      field = "";
      text = [];
    } else {
      field += "\n";
    }
    text.push(input);
    let i = 0;
    while (i < input.length) {
      const ch = input[i];
      if (quoted) {
        if (ch === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          quoted = false;
        } else field += ch;
      } else if (ch === '"' && field === "") {
        quoted = true;
      } else if (ch === delimiter) {
        fields.push(field);
        field = "";
      } else field += ch; // a stray quote inside an unquoted field is kept as text
      i++;
    }
    if (quoted) continue;
    fields.push(field);
    yield { line: start, fields, text: text.join("\n") };
  }
  if (quoted) throw new ImportFileError(`A quoted field opened on line ${start} is never closed`, start);
}
