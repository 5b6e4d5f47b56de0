/**
 * Rollup time layout. The leaf is a quarter hour (every time zone's midnight falls on one, so
 * every range the UI asks for is made of whole leaves); a block of level k spans 2^k leaves and
 * starts on a multiple of 2^k (epoch-aligned). Levels go in steps of two (each block is four of
 * the level below: 15 minutes, 1 hour, 4 hours, 16 hours, 2.7 days, 10.7 days, 43 days, 171
 * days), which halves the blocks a change must recompute against steps of one, for at most
 * three blocks per level in a window instead of two.
 */
export const UNIT_MS = 15 * 60_000;
export const LEVEL_STEP = 2;
export const TOP_LEVEL = 14;

export interface Block {
  level: number;
  /** First leaf (epoch ms / UNIT_MS). */
  start: number;
}

/** The leaf holding an instant. */
export const unitOf = (ms: number): number => Math.floor(ms / UNIT_MS);

/** Non-negative remainder: the block math must hold before 1970 too. */
const mod = (a: number, m: number) => ((a % m) + m) % m;

/** The block of `level` that holds `unit`. */
export const blockOf = (unit: number, level: number): Block => ({ level, start: unit - mod(unit, 2 ** level) });

/** [first ms, end ms) of a block. */
export const blockRange = (block: Block): [number, number] => [block.start * UNIT_MS, (block.start + 2 ** block.level) * UNIT_MS];

/** The fewest aligned blocks exactly covering leaves [a, b): greedy, largest aligned block first. */
export function cover(a: number, b: number): Block[] {
  const blocks: Block[] = [];
  let at = a;
  while (at < b) {
    let level = 0;
    for (let up = LEVEL_STEP; up <= TOP_LEVEL && mod(at, 2 ** up) === 0 && at + 2 ** up <= b; up += LEVEL_STEP) level = up;
    blocks.push({ level, start: at });
    at += 2 ** level;
  }
  return blocks;
}

/** The materialised levels above the leaves, bottom up. */
export const parentLevels: number[] = Array.from({ length: TOP_LEVEL / LEVEL_STEP }, (_, i) => (i + 1) * LEVEL_STEP);

export interface WindowPlan {
  /** Served from rollups. */
  blocks: Block[];
  /** [from, to) pieces shorter than a leaf at the edges, counted directly from the alerts. */
  partial: [number, number][];
}

/** Splits [from, to) into whole-leaf blocks and the partial leaves at either edge. */
export function planWindow(from: number, to: number): WindowPlan {
  if (!(from < to)) return { blocks: [], partial: [] };
  const a = Math.ceil(from / UNIT_MS);
  const b = Math.floor(to / UNIT_MS);
  if (a >= b) return { blocks: [], partial: [[from, to]] };
  const partial: [number, number][] = [];
  if (from < a * UNIT_MS) partial.push([from, a * UNIT_MS]);
  if (b * UNIT_MS < to) partial.push([b * UNIT_MS, to]);
  return { blocks: cover(a, b), partial };
}

/** Distinct blocks, in a stable order. */
export function uniqueBlocks(blocks: Iterable<Block>): Block[] {
  const seen = new Map<string, Block>();
  for (const b of blocks) seen.set(`${b.level}:${b.start}`, b);
  return [...seen.values()].sort((x, y) => x.level - y.level || x.start - y.start);
}
