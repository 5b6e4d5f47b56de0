import { performance } from "node:perf_hooks";

/**
 * Lets background maintenance wait while the event loop is busy serving (a bulk ingest, a big
 * read), up to a limit so it never waits for ever under constant load. The SQLite search index
 * is the case: each FTS5 commit holds the thread 25-90 ms, which a /healthz probe waiting behind
 * it sees (bench/healthz-under-load.bench.ts), while search stays exact without it (new rows are
 * scanned directly).
 */
export class IdleGate {
  private baseline = performance.eventLoopUtilization();
  private waitingSince: number | null = null;

  constructor(
    /** Share of the time since the last look the loop may have been busy. */
    private readonly busyShare = 0.25,
    private readonly maxWaitMs = 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Whether to run now: the loop was mostly idle since the last look, or the work has waited long enough. */
  open(): boolean {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, this.baseline).utilization;
    this.baseline = now;
    if (busy < this.busyShare) {
      this.waitingSince = null;
      return true;
    }
    const at = this.clock();
    this.waitingSince ??= at;
    if (at - this.waitingSince < this.maxWaitMs) return false;
    this.waitingSince = null;
    return true;
  }

  /** Starts the next look from now, so the maintenance's own work does not count as load. */
  reset(): void {
    this.baseline = performance.eventLoopUtilization();
  }
}
