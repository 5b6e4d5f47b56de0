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
  const lines: { line: number; text: string }[] = [];
  let start = 0;
  let number = 1;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).trim();
    if (line) lines.push({ line: number, text: line });
    start = end + 1;
    number++;
  }
  if (lines.length > BULK_LIMIT) throw new BulkBodyError("body", `holds ${lines.length} alerts; send at most ${BULK_LIMIT} per request`);
  return lines;
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
