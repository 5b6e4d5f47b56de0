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

/**
 * JSON text can hold U+0000 only as this escape (a raw control character is a parse error), so
 * lines without it need no per-string NUL check: that walk over every value cost about as much
 * as JSON.parse. `\\u0000` (an escaped backslash) also matches and takes the full check.
 */
export const nulFree = (lines: readonly { text: string }[]) => !lines.some((l) => l.text.includes("\\u0000"));

/** The lines of an NDJSON body that hold something, with their 1-based line numbers. */
export function ndjsonLines(text: string): { line: number; text: string }[] {
  const lines = splitLines(text, 1);
  if (lines.length > BULK_LIMIT)
    throw new BulkBodyError("body", `holds ${lines.length} alerts; send at most ${BULK_LIMIT} per request`);
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
 * (the first chunks of the `leading` sizes). Decoding the whole body at once kept a string of it
 * alive for the whole request, two bytes a character as soon as one character was not ASCII.
 */
export function* ndjsonLineChunks(
  bytes: Buffer,
  /** The sizes of the first chunks (the rest are `size` lines each). */
  leading: readonly number[],
  size: number,
): Generator<{ line: number; text: string }[]> {
  if (!(leading.every((n) => n >= 1) && size >= 1)) throw new RangeError("chunk sizes must be at least one line");
  let newlines = 0;
  for (let at = bytes.indexOf(10); at >= 0 && newlines < BULK_LIMIT; at = bytes.indexOf(10, at + 1)) newlines++;
  // Blank lines do not count against the limit: a body with that many lines is counted exactly,
  // a chunk at a time, before anything is yielded.
  if (newlines >= BULK_LIMIT) {
    let items = 0;
    for (const lines of lineChunks(bytes, [], BULK_LIMIT)) {
      items += lines.length;
      if (items > BULK_LIMIT)
        throw new BulkBodyError("body", `holds more than ${BULK_LIMIT} alerts; send at most ${BULK_LIMIT} per request`);
    }
  }
  yield* lineChunks(bytes, leading, size);
}

/**
 * The first `count` lines of an NDJSON body, cut where ndjsonLineChunks cuts its first chunk of
 * that size, without the whole-body count: whoever reads the rest makes that check.
 */
export const ndjsonHead = (bytes: Buffer, count: number) => splitLines(bytes.toString("utf8", 0, lineEnd(bytes, 0, count)), 1);

/** The offset of the count-th newline from `from`, or the end of the body. */
function lineEnd(bytes: Buffer, from: number, count: number): number {
  let to = from - 1;
  let taken = 0;
  do {
    to = bytes.indexOf(10, to + 1);
    taken++;
  } while (to >= 0 && taken < count);
  return to < 0 ? bytes.length : to;
}

function* lineChunks(bytes: Buffer, leading: readonly number[], size: number): Generator<{ line: number; text: string }[]> {
  let line = 1;
  for (let from = 0, index = 0; from <= bytes.length; index++) {
    const count = leading[index] ?? size;
    // The chunk ends at its count-th newline, or at the end of the body.
    const to = lineEnd(bytes, from, count);
    const lines = splitLines(bytes.toString("utf8", from, to), line);
    if (lines.length) yield lines;
    line += count;
    from = to + 1;
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
  if (items.length > BULK_LIMIT)
    throw new BulkBodyError("body", `holds ${items.length} alerts; send at most ${BULK_LIMIT} per request`);
  return items;
}
