import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// Memory figures start from a collected heap: expose V8's gc to benchmarks run without --expose-gc.
setFlagsFromString("--expose-gc");
global.gc ??= runInNewContext("gc") as typeof global.gc;

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

const MB = 1024 * 1024;

/**
 * Peak RSS above the starting point while `fn` runs, in MB: sampled every 5 ms and once more at
 * the end (a synchronous peak shows there, as RSS is seldom given back at once).
 */
export async function peakGrowth(fn: () => Promise<unknown>): Promise<number> {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return (peak - start) / MB;
}
