/** Most alerts one bulk request may carry; bigger sets are split by the sender. */
export const BULK_LIMIT = 50_000;

/** A bulk body the sender got wrong as a whole: nothing of it is stored. */
export class BulkBodyError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field} ${reason}`);
  }
}

/** The lines of an NDJSON body that hold something, with their 1-based line numbers. */
export function ndjsonLines(text: string): { line: number; text: string }[] {
  const lines = splitLines(text, 1);
  if (lines.length > BULK_LIMIT) throw new BulkBodyError("body", `holds ${lines.length} alerts; send at most ${BULK_LIMIT} per request`);
  return lines;
}

function splitLines(text: string, firstLine: number): { line: number; text: string }[] {
  const lines: { line: number; text: string }[] = [];
  let start = 0;
  let number = firstLine;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).trim();
    if (line) lines.push({ line: number, text: line });
    start = end + 1;
    number++;
  }
  return lines;
}

/**
 * The lines of an NDJSON body held as UTF-8 bytes, decoded a chunk of `size` lines at a time
 * (`firstSize` for the first). Decoding the whole body at once kept a string of it alive for the
 * whole request, two bytes a character as soon as one character was not ASCII.
 */
export function* ndjsonLineChunks(bytes: Buffer, firstSize: number, size: number): Generator<{ line: number; text: string }[]> {
  const newlines: number[] = [];
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) newlines.push(at);
  // Blank lines do not count against the limit: only a body with that many lines needs the exact count.
  if (newlines.length >= BULK_LIMIT) ndjsonLines(bytes.toString("utf8"));
  const total = newlines.length + 1;
  for (let first = 0, count = firstSize; first < total; first += count, count = size) {
    const last = Math.min(total, first + count) - 1;
    const from = first === 0 ? 0 : (newlines[first - 1] ?? 0) + 1;
    const to = newlines[last] ?? bytes.length;
    const lines = splitLines(bytes.toString("utf8", from, to), first + 1);
    if (lines.length) yield lines;
  }
}

export function parseNdjsonLines(lines: { line: number; text: string }[]): unknown[] {
  return lines.map(({ line, text }) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new BulkBodyError(`line ${line}`, "is not valid JSON; nothing was stored");
    }
  });
}

export function checkBulkArray(items: unknown[]): unknown[] {
  if (items.length > BULK_LIMIT) throw new BulkBodyError("body", `holds ${items.length} alerts; send at most ${BULK_LIMIT} per request`);
  return items;
}
