// Changes to live leaves (the last hour) are refreshed this soon after the first is queued,
// well under the 2 s a watched dashboard allows; under steady ingest that is two refreshes of
// a couple of leaves a second, a few percent of the main thread.
const LIVE_MS = 500;
// Other changes (imports, backfills) once marks have stopped arriving for this long, so a
// burst of writes is not slowed down by refreshing the same leaves again and again...
const QUIET_MS = 2000;
// ...or at the latest this long after the first (a refresh recomputes whole leaves, so during
// a long backfill each one costs as much as the history it spans). Readers never wait for
// either: they refresh what they need first (RollupRefresher.flush).
const MAX_LAG_MS = 60_000;

/** How long one refresh transaction should take: the event loop runs between transactions. */
export const SLICE_MS = 15;
/** The most leaves one refresh transaction takes, however cheap they are. */
export const MAX_SLICE_LEAVES = 1000;

/**
 * Leaves for the next refresh transaction, given that the last one refreshed `leaves` in `ms`:
 * as many as fit in SLICE_MS at that pace, growing at most fourfold at a time (cheap leaves
 * next to a dear one), at least one and at most MAX_SLICE_LEAVES.
 */
export function nextSliceLeaves(leaves: number, ms: number): number {
  const fit = ms > 0 ? Math.floor((leaves * SLICE_MS) / ms) : MAX_SLICE_LEAVES;
  return Math.max(1, Math.min(MAX_SLICE_LEAVES, leaves * 4, fit));
}

/**
 * When to run a background refresh, given the marks this process made. A refresh of older
 * leaves may be interrupted by new marks (the refresher checks `lastPoke`); the marks then stay
 * pending, so the minute's limit still holds, until the refresher reports them `settled`.
 */
export class RefreshSchedule {
  private liveSince: number | null = null;
  private pendingSince: number | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** When the last mark was made. */
  lastPoke = 0;

  /** `run(true)`: refresh the live leaves only; `run(false, force)`: everything queued, `force` once the lag limit is reached. */
  constructor(
    private readonly run: (liveOnly: boolean, force: boolean) => void,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Marks are waiting for a run this schedule will make. */
  get pending(): boolean {
    return this.pendingSince !== null;
  }

  poke(live: boolean): void {
    const now = this.clock();
    this.lastPoke = now;
    this.pendingSince ??= now;
    if (live) this.liveSince ??= now;
    this.arm();
  }

  /** Everything queued before `since` has been refreshed. */
  settled(since: number): void {
    if (this.lastPoke < since) this.pendingSince = null;
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.liveSince = null;
    this.pendingSince = null;
  }

  private quietAt(): number | null {
    return this.pendingSince === null ? null : Math.min(this.lastPoke + QUIET_MS, this.pendingSince + MAX_LAG_MS);
  }

  private arm(): void {
    const quiet = this.quietAt();
    if (quiet === null) return;
    const at = this.liveSince === null ? quiet : Math.min(quiet, this.liveSince + LIVE_MS);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.fire(), Math.max(0, at - this.clock()));
    this.timer.unref();
  }

  private fire(): void {
    this.timer = undefined;
    const now = this.clock();
    const quiet = this.quietAt();
    if (quiet !== null && now >= quiet) {
      this.liveSince = null;
      this.run(false, now >= (this.pendingSince ?? now) + MAX_LAG_MS);
      return;
    }
    if (this.liveSince !== null && now >= this.liveSince + LIVE_MS) {
      this.liveSince = null;
      this.run(true, false);
    }
    this.arm();
  }
}
