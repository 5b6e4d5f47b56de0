import { type ImportSource, ImportFileError } from "./types";
import { isObject } from "./values";
import { jsonErrorOffset } from "./json-position";
import { jsonMaxDepth } from "@watchfloor/shared";
import { jsonTextTooDeep } from "../lib/json-depth";

/** One JSON item read from a file: `value` when it parsed, `error` when a JSON line did not. */
export type JsonItem = { row: number; text: string; value?: unknown; error?: string };

/**
 * Reads JSON alerts in any of the shapes tools write: JSON lines (streamed, row = line number),
 * one JSON array (row = index + 1), or one object (row 1) which may wrap the array under one of
 * `collectionKeys` (e.g. `{"alerts": [...]}`).
 *
 * The first non-blank line decides: if it parses on its own as an object (and not as a wrapper
 * holding the array) the file is JSON lines, otherwise it is one document. A bad JSON line is one bad row; a document that does not parse is an
 * unreadable file (ImportFileError naming the line and column).
 */
export async function* jsonItems(source: ImportSource, collectionKeys: readonly string[] = []): AsyncIterable<JsonItem> {
  const iterator = source.lines()[Symbol.asyncIterator]();
  let line = 0;
  let first: string | undefined;
  while (first === undefined) {
    const next = await iterator.next();
    if (next.done) return;
    line++;
    const text = stripBom(next.value, line);
    if (text.trim() !== "") first = text;
  }
  const firstValue = tryParse(first);
  const value = firstValue?.value;
  const wrapper = isObject(value) && collectionKeys.some((k) => Array.isArray(value[k]));
  if (firstValue === undefined || Array.isArray(value) || wrapper) {
    await iterator.return?.();
    yield* documentItems(await source.text(), collectionKeys);
    return;
  }
  yield { row: line, text: first, value };
  for (;;) {
    const next = await iterator.next();
    if (next.done) return;
    line++;
    if (next.value.trim() === "") continue;
    const parsed = tryParse(next.value);
    yield parsed
      ? { row: line, text: next.value, value: parsed.value }
      : { row: line, text: next.value, error: parseError(next.value) };
  }
}

function* documentItems(text: string, collectionKeys: readonly string[]): Iterable<JsonItem> {
  const doc = parseDocument(stripBom(text, 1));
  const wrapped = isObject(doc) ? collectionKeys.map((k) => doc[k]).find(Array.isArray) : undefined;
  const list = Array.isArray(doc) ? doc : wrapped;
  if (list === undefined) {
    yield { row: 1, text: JSON.stringify(doc), value: doc };
    return;
  }
  for (const [i, value] of list.entries()) yield { row: i + 1, text: JSON.stringify(value), value };
}

/** Parses a whole JSON document or throws ImportFileError with the line and column of the fault. */
export function parseDocument(text: string): unknown {
  if (jsonTextTooDeep(text, jsonMaxDepth)) throw new ImportFileError(`The file nests JSON deeper than ${jsonMaxDepth} levels`);
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = jsonErrorOffset(text);
    if (position < 0) throw new ImportFileError(`The file is not valid JSON: ${message}`);
    const before = text.slice(0, position);
    const line = before.split("\n").length;
    const column = position - before.lastIndexOf("\n");
    throw new ImportFileError(`The file is not valid JSON at line ${line}, column ${column}: ${message}`, line);
  }
}

function tryParse(text: string): { value: unknown } | undefined {
  if (jsonTextTooDeep(text, jsonMaxDepth)) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

function parseError(text: string): string {
  if (jsonTextTooDeep(text, jsonMaxDepth)) return `nests JSON deeper than ${jsonMaxDepth} levels`;
  try {
    JSON.parse(text);
    return "";
  } catch (error) {
    return `not valid JSON: ${(error as Error).message}`;
  }
}

const stripBom = (text: string, line: number) => (line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
