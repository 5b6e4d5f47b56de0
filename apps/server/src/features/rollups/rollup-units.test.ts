import { describe, expect, it } from "vitest";
import { blockOf, blockRange, cover, LEVEL_STEP, parentLevels, planWindow, TOP_LEVEL, UNIT_MS, unitOf } from "./rollup-units";

const leavesOf = (blocks: { level: number; start: number }[]) =>
  blocks.flatMap((b) => Array.from({ length: 2 ** b.level }, (_, i) => b.start + i));

describe("rollup blocks", () => {
  it("covers any run of leaves exactly once with aligned blocks of the materialised levels, at most three per level", () => {
    for (const [a, b] of [
      [0, 1],
      [3, 17],
      [1_990_000, 1_990_000 + 8640],
      [5, 6],
      [1023, 1025],
      [7, 200_000],
    ]) {
      const blocks = cover(a as number, b as number);
      expect(leavesOf(blocks)).toEqual(Array.from({ length: (b as number) - (a as number) }, (_, i) => (a as number) + i));
      for (const block of blocks) expect(block.start % 2 ** block.level).toBe(0);
      for (const block of blocks) expect(block.level % LEVEL_STEP).toBe(0);
      const perLevel = new Map<number, number>();
      for (const block of blocks) perLevel.set(block.level, (perLevel.get(block.level) ?? 0) + 1);
      // Long runs repeat top blocks; below the top, a side needs at most three of a level.
      for (const [level, n] of perLevel) if (level < TOP_LEVEL) expect(n).toBeLessThanOrEqual(2 * (2 ** LEVEL_STEP - 1));
    }
  });

  it("uses the top level for runs longer than it and never a block larger", () => {
    const blocks = cover(0, 2 ** TOP_LEVEL * 3);
    expect(blocks).toEqual([0, 1, 2].map((i) => ({ level: TOP_LEVEL, start: i * 2 ** TOP_LEVEL })));
    expect(parentLevels).toEqual([2, 4, 6, 8, 10, 12, 14]);
    // 30 days of whole quarter hours from an aligned day: a handful of blocks.
    expect(cover(96 * 20_000, 96 * 20_030).length).toBeLessThanOrEqual(12);
  });

  it("finds the block of a leaf at every level, before 1970 too", () => {
    expect(blockOf(13, 2)).toEqual({ level: 2, start: 12 });
    expect(blockOf(-3, 2)).toEqual({ level: 2, start: -4 });
    expect(unitOf(-1)).toBe(-1);
    expect(blockRange({ level: 1, start: 4 })).toEqual([4 * UNIT_MS, 6 * UNIT_MS]);
  });

  it("serves whole quarter hours from blocks and counts the partial edges directly", () => {
    const day = Date.UTC(2026, 10, 20);
    // A day in UTC+5:30 starts and ends on half hours: all whole quarter hours.
    const india = planWindow(day - 5.5 * 3_600_000, day + 18.5 * 3_600_000);
    expect(india.partial).toEqual([]);
    expect(leavesOf(india.blocks)).toHaveLength(96);
    const odd = planWindow(day + 1000, day + 3 * 3_600_000 - 7);
    expect(odd.partial).toEqual([
      [day + 1000, day + UNIT_MS],
      [day + 11 * UNIT_MS, day + 3 * 3_600_000 - 7],
    ]);
    expect(leavesOf(odd.blocks)).toEqual(Array.from({ length: 10 }, (_, i) => unitOf(day) + 1 + i));
    expect(planWindow(day + 1, day + 2)).toEqual({ blocks: [], partial: [[day + 1, day + 2]] });
    expect(planWindow(day, day)).toEqual({ blocks: [], partial: [] });
  });
});
