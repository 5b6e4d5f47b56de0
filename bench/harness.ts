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

/**
 * Samples this process's resident set every 20 ms from now on: `before` is the RSS at the start,
 * `stop()` ends the sampling and returns the peak seen (bytes).
 */
export function sampleRss(): { before: number; stop(): number } {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return {
    before,
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}
