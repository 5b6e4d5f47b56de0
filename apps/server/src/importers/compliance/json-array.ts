import { jsonMaxDepth } from "@watchfloor/shared";
import { jsonTextTooDeep } from "../../lib/json-depth";
import { type JsonItem, jsonItems } from "../json-input";
import { ImportFileError, type ImportSource } from "./types";

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
const [QUOTE, BACKSLASH, COMMA, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET] = [34, 92, 44, 123, 125, 91, 93];

async function* pieces(source: ImportSource): AsyncIterable<string> {
  if (source.chunks) {
    yield* source.chunks();
    return;
  }
  for await (const line of source.lines()) yield `${line}\n`;
}

function parseItem(text: string, index: number, line: number): JsonItem {
  const trimmed = text.trim();
  if (trimmed === "") throw new ImportFileError(`The file is not valid JSON: item ${index} of the array is empty`, line);
  if (jsonTextTooDeep(trimmed, jsonMaxDepth))
    throw new ImportFileError(`The file nests JSON deeper than ${jsonMaxDepth} levels`, line);
  try {
    return { row: index, text: trimmed, value: JSON.parse(trimmed) };
  } catch (error) {
    throw new ImportFileError(
      `The file is not valid JSON in item ${index} of the array (ending at line ${line}): ${(error as Error).message}`,
      line,
    );
  }
}

/**
 * The items of a top-level JSON array, one at a time: memory holds one item, not the file (Prowler
 * and OCSF exports of large estates are one array of hundreds of MB). Tracks strings and nesting
 * to find the commas between items; each item is then parsed on its own. A document that does
 * not parse (an item that is not JSON, the array cut off, text after it) is unreadable, as it is
 * for `parseDocument`.
 */
export async function* jsonArrayItems(source: ImportSource): AsyncIterable<JsonItem> {
  let started = false;
  let ended = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let line = 1;
  let index = 0;
  let current: string[] = [];
  for await (const chunk of pieces(source)) {
    let from = 0;
    const ready: JsonItem[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 10) line++;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
        continue;
      }
      if (!started || ended) {
        if (isSpace(c) || (!started && c === 0xfeff)) continue;
        if (started) throw new ImportFileError(`The file is not valid JSON: text after the array at line ${line}`, line);
        if (c !== OPEN_BRACKET) throw new ImportFileError("The file is not a JSON array", line);
        started = true;
        from = i + 1;
        continue;
      }
      if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && depth > 0) depth--;
      else if (c === CLOSE_BRACE) throw new ImportFileError(`The file is not valid JSON: unexpected } at line ${line}`, line);
      else if (c === CLOSE_BRACKET || (c === COMMA && depth === 0)) {
        current.push(chunk.slice(from, i));
        const text = current.join("");
        current = [];
        from = i + 1;
        // "[]" is an empty array; "[1,]" is not JSON.
        if (c === CLOSE_BRACKET && index === 0 && text.trim() === "") ended = true;
        else {
          ready.push(parseItem(text, ++index, line));
          if (c === CLOSE_BRACKET) ended = true;
        }
      }
    }
    if (started && !ended) current.push(chunk.slice(from));
    yield* ready;
  }
  if (started && !ended) throw new ImportFileError("The file is not valid JSON: the array is cut off before its closing ]", line);
}

/** A top-level array streams item by item; JSON lines and single documents go through `jsonItems`. */
export async function* complianceJsonItems(source: ImportSource): AsyncIterable<JsonItem> {
  for await (const line of source.lines()) {
    const text = line.replace(/^\uFEFF/, "").trimStart();
    if (text === "") continue;
    if (text.startsWith("[")) yield* jsonArrayItems(source);
    else yield* jsonItems(source, []);
    return;
  }
}
