import { describe, expect, it } from "vitest";
import { decodeHistogram, encodeHistogram, mergeHistograms, Tally } from "./rollup-histogram";

const hist = (entries: [number, number][]) => decodeHistogram(encodeHistogram(new Map(entries)));

describe("rollup histograms", () => {
  it("round-trips sorted pairs, dropping zero counts, from unaligned buffers too", () => {
    const data = encodeHistogram(
      new Map([
        [9, 2],
        [3, 5],
        [4, 0],
      ]),
    );
    expect([...decodeHistogram(data)]).toEqual([3, 5, 9, 2]);
    const shifted = new Uint8Array(data.byteLength + 1);
    shifted.set(data, 1);
    expect([...decodeHistogram(shifted.subarray(1))]).toEqual([3, 5, 9, 2]);
    expect(() => decodeHistogram(new Uint8Array(5))).toThrow(/corrupt/);
  });

  it("merges histograms by id", () => {
    const merged = decodeHistogram(
      mergeHistograms([
        hist([
          [1, 1],
          [7, 2],
        ]),
        hist([
          [7, 3],
          [2, 4],
        ]),
        hist([]),
      ]),
    );
    expect([...merged]).toEqual([1, 1, 2, 4, 7, 5]);
  });

  it("ranks the largest counts and leaves ties at the cut-off for the database to order", () => {
    const tally = new Tally();
    tally.addHistogram(
      hist([
        [1, 5],
        [2, 3],
        [3, 3],
        [4, 3],
        [5, 1],
      ]),
    );
    tally.add(6000, 7);
    const { above, ties, tieCount, need } = tally.top(3);
    expect(above).toEqual([
      { id: 1, n: 5 },
      { id: 6000, n: 7 },
    ]);
    expect({ ties, tieCount, need }).toEqual({ ties: [2, 3, 4], tieCount: 3, need: 1 });
  });

  it("returns everything when there are fewer values than the limit", () => {
    const tally = new Tally();
    tally.addHistogram(
      hist([
        [4, 2],
        [8, 1],
      ]),
    );
    expect(tally.top(10)).toEqual({ above: [{ id: 4, n: 2 }], ties: [8], tieCount: 1, need: 1 });
    expect(new Tally().top(10)).toEqual({ above: [], ties: [], tieCount: 0, need: 0 });
  });
});
