import { performance } from "node:perf_hooks";

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The same measure on the baseline, taken in the same run. */
  baseline?: { name: string; value: number };
}

export interface Benchmark {
  title: string;
  run(): Promise<Figure[]>;
}

/** Times `iterations` calls after a warm-up; returns per-call latencies in milliseconds. */
export async function sample(
  fn: () => Promise<unknown>,
  iterations: number,
  warmup = Math.ceil(iterations / 10),
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return out;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
