import { performance } from "node:perf_hooks";
import type { AppContext } from "../../context";
import { statementsHoldTheThread } from "../../db/dialect";
import { yieldToEventLoop } from "../../lib/yield";
import { type LeafRef, refreshLeaves } from "./rollup-refresh";
import { MAX_SLICE_LEAVES, nextSliceLeaves, RefreshSchedule } from "./rollup-schedule";
import * as repo from "./rollups.repository";
import { TOP_LEVEL, unitOf } from "./rollup-units";

// There is no polling: this process's writes poke the schedule, and marks it was not told about
// (a CLI import, a crash) are refreshed at start, by the next poke, or by the first reader of
// their tenants (readers always refresh what they read first).
// Distinct leaves per transaction start here and adapt so that one transaction takes about
// SLICE_MS (a leaf costs from well under a millisecond to tens of them, by how many alerts it
// holds): the event loop runs between transactions, so other requests and /healthz are answered
// during a big refresh (better-sqlite3 blocks the thread for each statement).
const FIRST_SLICE_LEAVES = 4;
// Expiry refreshes (a due time passed) are batched at least this far apart: readers count leaves
// whose due time passed directly meanwhile (exact), so this only bounds how much they count.
const MIN_EXPIRY_MS = 60_000;
// Timers wait for the next due time, re-checked at least hourly (the clock may have moved).
const MAX_TIMER_MS = 3_600_000;
// Leaves of the last hour (or later) are "live": what a watched dashboard shows changing.
const LIVE_UNITS = 4;

type Filter = { tenantIds?: readonly string[]; fromUnit?: number };
/** A background refresh of older leaves stops when new marks arrive (they are refreshed later). */
type Drain = { filter: Filter; yieldToWrites: boolean };

/**
 * Keeps the rollups of one database current: refreshes queued leaves after changes (live ones
 * within half a second, older ones once a burst of writes pauses, see rollup-schedule.ts),
 * re-counts leaves whose SLA counts expire as the clock passes due times, and lets readers
 * flush what concerns them first, so answers are always exact. Idle, it runs nothing: no poll,
 * and a timer only for the next due time. All work is serialised (blocks are rebuilt from their
 * children, which must not change midway) and done in slices of about SLICE_MS.
 */
export class RollupRefresher {
  private tail: Promise<unknown> = Promise.resolve();
  private expiry: NodeJS.Timeout | undefined;
  private sliceLeaves: number;
  private running = false;
  private expiring = false;
  private readonly keyCache = new Map<string, number>();
  private readonly schedule = new RefreshSchedule((live, force) =>
    this.background(
      live
        ? { filter: { fromUnit: unitOf(this.ctx.now()) - LIVE_UNITS }, yieldToWrites: false }
        : { filter: {}, yieldToWrites: !force },
      false,
    ),
  );
  private onError: (error: unknown) => void = () => undefined;

  constructor(private readonly ctx: AppContext) {
    this.sliceLeaves = statementsHoldTheThread(ctx.db as never) ? FIRST_SLICE_LEAVES : MAX_SLICE_LEAVES;
  }

  start(onError: (error: unknown) => void): void {
    if (this.running) return;
    this.onError = onError;
    this.running = true;
    running.add(this);
    this.background({ filter: {}, yieldToWrites: false }, true);
  }

  async stop(): Promise<void> {
    this.running = false;
    running.delete(this);
    this.schedule.cancel();
    if (this.expiry) clearTimeout(this.expiry);
    await this.tail.catch(() => undefined);
  }

  /** Resolves once no refresh is running or queued (tests). */
  async whenIdle(): Promise<void> {
    let tail: Promise<unknown>;
    do {
      tail = this.tail;
      await tail;
    } while (tail !== this.tail);
  }

  /**
   * Changes were queued for these quarter hours. Live ones (the last hour, by this context's
   * clock, which tests and the test clock control) are refreshed within half a second.
   */
  poke(units: readonly number[]): void {
    if (!this.running) return;
    const liveFrom = unitOf(this.ctx.now()) - LIVE_UNITS;
    this.schedule.poke(units.some((u) => u >= liveFrom));
  }

  /**
   * Before reading: refresh everything queued for these tenants (without waiting when nothing
   * is). The reader waits for the refresh, which runs in slices like any other (the event loop
   * keeps serving other requests meanwhile).
   */
  async flush(tenantIds: readonly string[]): Promise<void> {
    // Queue rows go in the same transaction as their alert change and out in the same one as
    // the refresh: none queued means the rollups of these tenants hold every committed change.
    if ((await repo.queuedLeaves(this.ctx.db, { tenantIds }, 1)).length === 0) return;
    await this.serial(() => this.drain({ filter: { tenantIds }, yieldToWrites: false }));
  }

  /** A reader met leaves whose overdue counts expired: re-count them in the background (once). */
  expireSoon(): void {
    if (!this.running || this.expiring) return;
    this.expiring = true;
    this.background({ filter: {}, yieldToWrites: true }, true);
  }

  /** Drains (part of) the queue; re-counts expired leaves when asked or when the drain changed anything. */
  private background(drain: Drain, expire: boolean): void {
    if (!this.running) return;
    this.serial(async () => {
      const started = Date.now();
      const outcome = await this.drain(drain);
      if (outcome !== "interrupted" && drain.filter.fromUnit === undefined) this.schedule.settled(started);
      if (outcome === "refreshed" || expire) await this.expire();
    }).catch((error: unknown) => {
      if (!this.running) return;
      this.onError(error);
      // The marks stay queued: the next poke, reader or start retries them.
      this.schedule.settled(Number.POSITIVE_INFINITY);
    });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.tail.then(work, work);
    this.tail = next.catch(() => undefined);
    return next;
  }

  /**
   * Refreshes the queued leaves matching the filter until none is left (or writes resume). The
   * queue is read once per round (marks made meanwhile wait for the next round) and its leaves
   * are refreshed a slice at a time, each slice in its own transaction with its marks.
   */
  private async drain({ filter, yieldToWrites }: Drain): Promise<"idle" | "refreshed" | "interrupted"> {
    // A cheap look first: readers call this on every request.
    if ((await repo.queuedLeaves(this.ctx.db, filter, 1)).length === 0) return "idle";
    const started = Date.now();
    for (;;) {
      // Several marks of one leaf (one per write) are one refresh; their rows go together.
      const leaves = new Map<string, { ref: LeafRef; ids: number[] }>();
      for (const q of await repo.queuedLeaves(this.ctx.db, filter)) {
        const key = `${q.tenant_id}|${q.unit}`;
        const leaf = leaves.get(key) ?? { ref: { tenantId: q.tenant_id, unit: Number(q.unit) }, ids: [] };
        leaf.ids.push(Number(q.id));
        leaves.set(key, leaf);
      }
      if (leaves.size === 0) return "refreshed";
      const queue = [...leaves.values()];
      for (let i = 0; i < queue.length; ) {
        const slice = queue.slice(i, i + this.sliceLeaves);
        i += slice.length;
        const sliceStarted = performance.now();
        await this.inTransaction(async (trx) => {
          await refreshLeaves(
            trx,
            slice.map((l) => l.ref),
            this.ctx.now(),
            { keyCache: this.keyCache },
          );
          await repo.dequeue(
            trx,
            slice.flatMap((l) => l.ids),
          );
        });
        this.adapt(slice.length, performance.now() - sliceStarted);
        // Let waiting requests in between slices of a big backlog, and stop for new writes.
        await yieldToEventLoop();
        if (yieldToWrites && this.schedule.lastPoke >= started) return "interrupted";
      }
    }
  }

  /** Re-counts leaves whose due times passed, and sets a timer for the next one. */
  private async expire(): Promise<void> {
    this.expiring = false;
    const now = this.ctx.now();
    const stale = (await repo.dueLeaves(this.ctx.db, now)).map((r) => ({ tenantId: r.tenant_id, unit: Number(r.start) }));
    for (let i = 0; i < stale.length; ) {
      const slice = stale.slice(i, i + this.sliceLeaves);
      i += slice.length;
      const sliceStarted = performance.now();
      await this.inTransaction((trx) => refreshLeaves(trx, slice, now, { totalsOnly: true }));
      this.adapt(slice.length, performance.now() - sliceStarted);
      await yieldToEventLoop();
    }
    const next = await repo.earliestDue(this.ctx.db, TOP_LEVEL);
    if (this.expiry) clearTimeout(this.expiry);
    if (next === null || !this.running) return;
    const wait = Math.min(MAX_TIMER_MS, Math.max(MIN_EXPIRY_MS, next - this.ctx.now() + 1));
    this.expiry = setTimeout(() => this.background({ filter: {}, yieldToWrites: true }, true), wait);
    this.expiry.unref();
  }

  /**
   * Sizes the next slice from how long this one took. On PostgreSQL queries do not hold the
   * thread, and each transaction refreshes every ancestor of its leaves again: slices stay at
   * the largest size (small ones made a 1,500-alert refresh take over 30 s).
   */
  private adapt(leaves: number, ms: number): void {
    if (leaves > 0)
      this.sliceLeaves = statementsHoldTheThread(this.ctx.db as never) ? nextSliceLeaves(leaves, ms) : MAX_SLICE_LEAVES;
  }

  /** One transaction; on PostgreSQL an advisory lock serialises refreshers of several processes. */
  private inTransaction<T>(work: (trx: repo.Db) => Promise<T>): Promise<T> {
    return this.ctx.db.transaction().execute(async (trx) => {
      await repo.lockRollups(trx);
      return work(trx);
    });
  }
}

const refreshers = new WeakMap<object, RollupRefresher>();
// Write paths hold a transaction, not the context: they poke every running refresher (one per
// server process; several only in tests, where a needless poke costs one empty queue look).
const running = new Set<RollupRefresher>();

/** The refresher of this context's database (created on first use; started by buildApp). */
export function rollupsFor(ctx: AppContext): RollupRefresher {
  let refresher = refreshers.get(ctx.db);
  if (!refresher) {
    refresher = new RollupRefresher(ctx);
    refreshers.set(ctx.db, refresher);
  }
  return refresher;
}

/**
 * The one call each alert write path makes, inside its transaction (so the mark commits or
 * rolls back with the change): queues the quarter hours of `rows` for refresh. A loop over the
 * rows in memory and one small insert; the refresh itself happens later, off the write path.
 * A writer that calls it once per chunk of one transaction passes the same `queued` set: a
 * quarter hour is queued once per transaction, not once per chunk (a 10,000-alert request
 * spread over a month, ten chunks, queued some 8,400 rows for its ~2,800 quarter hours).
 * Nothing can refresh and dequeue them before the transaction commits.
 */
export async function markAlertsChanged(
  db: repo.Db,
  tenantId: string,
  rows: readonly { detected_at: number }[],
  queued: Set<number> = new Set(),
): Promise<void> {
  const units: number[] = [];
  for (const row of rows) {
    const unit = unitOf(row.detected_at);
    if (queued.has(unit)) continue;
    queued.add(unit);
    units.push(unit);
  }
  if (units.length === 0) return;
  await repo.enqueueLeaves(
    db,
    units.map((unit) => ({ tenant_id: tenantId, unit })),
  );
  for (const refresher of running) refresher.poke(units);
}
