import { describe, expect, it } from "vitest";
import { BULK_LIMIT, BulkBodyError, ndjsonHead, ndjsonLineChunks, ndjsonLines } from "./bulk-body";

const chunksOf = (text: string, first: number, size: number) => [...ndjsonLineChunks(Buffer.from(text, "utf8"), [first], size)];

describe("NDJSON bodies decoded a chunk of lines at a time", () => {
  it("gives the same lines and line numbers as decoding the whole body", () => {
    const text = ['{"a":1}', "", '  {"b":"é"}  ', '{"c":"✓ 漢字"}', "\r", '{"d":4}', '{"e":5}', ""].join("\n");
    for (const [first, size] of [
      [1, 1],
      [1, 2],
      [2, 3],
      [100, 1000],
    ] as const) {
      expect(chunksOf(text, first, size).flat()).toEqual(ndjsonLines(text));
    }
  });

  it("cuts chunks at the sizes asked for, the first one smaller, and skips chunks of blank lines", () => {
    const text = Array.from({ length: 7 }, (_, i) => `{"n":${i}}`).join("\n");
    expect(chunksOf(text, 2, 3).map((c) => c.map((l) => l.line))).toEqual([
      [1, 2],
      [3, 4, 5],
      [6, 7],
    ]);
    expect(chunksOf("\n\n\n", 1, 2)).toEqual([]);
    expect(chunksOf(`{"x":1}\n\n\n\n{"y":2}`, 1, 2).map((c) => c.map((l) => l.line))).toEqual([[1], [5]]);
  });

  it("takes several leading sizes, and cuts a head where the first chunk of that size ends", () => {
    const text = Array.from({ length: 9 }, (_, i) => `{"n":${i}}`).join("\r\n");
    const bytes = Buffer.from(text);
    expect([...ndjsonLineChunks(bytes, [2, 1], 3)].map((c) => c.map((l) => l.line))).toEqual([[1, 2], [3], [4, 5, 6], [7, 8, 9]]);
    for (const body of [text, `\n\n\n${text}`, '{"a":1}\n\n', "\n\n"]) {
      const asBytes = Buffer.from(body);
      const [firstChunk] = ndjsonLineChunks(asBytes, [3], 1000);
      const head = ndjsonHead(asBytes, 3);
      // A head of blank lines yields no chunk: the worker's first chunk then starts after it.
      if (head.length) expect(head).toEqual(firstChunk);
      else expect(firstChunk === undefined || (firstChunk[0]?.line ?? 0) > 3).toBe(true);
    }
  });

  it("keeps multi-byte characters whole across chunk boundaries", () => {
    const lines = ["ü", "€", "𝄞", "日本"].map((s) => JSON.stringify({ s }));
    const chunks = chunksOf(lines.join("\n"), 1, 1);
    expect(chunks.map((c) => JSON.parse(c[0]?.text ?? "null").s)).toEqual(["ü", "€", "𝄞", "日本"]);
  });

  it("refuses a body over the limit before yielding anything, but not one padded with blank lines", () => {
    const over = Array.from({ length: BULK_LIMIT + 1 }, () => "{}").join("\n");
    const chunks = ndjsonLineChunks(Buffer.from(over), [100], 1000);
    expect(() => chunks.next()).toThrow(BulkBodyError);
    const exactly = `${Array.from({ length: BULK_LIMIT }, () => "{}").join("\n")}\n`;
    expect(chunksOf(exactly, 100, 1000).flat()).toHaveLength(BULK_LIMIT);
    const padded = `${Array.from({ length: 10 }, () => "{}").join("\n")}${"\n".repeat(BULK_LIMIT)}`;
    expect(chunksOf(padded, 100, 1000).flat()).toHaveLength(10);
  });
});
