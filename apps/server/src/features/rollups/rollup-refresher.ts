import { sql } from "kysely";
import type { AppContext } from "../../context";
import { isSqlite } from "../../db/dialect";
import { type LeafRef, refreshLeaves } from "./rollup-refresh";
import { RefreshSchedule } from "./rollup-schedule";
import * as repo from "./rollups.repository";
import { TOP_LEVEL, unitOf } from "./rollup-units";

// Safety net for marks this process was not told about (another process, a crash, a CLI import).
const POLL_MS = 1000;
// Distinct leaves per transaction: bounds how long one refresh holds the database. A refresh
// that gives way to writes goes in smaller steps, so it gives way sooner.
const BATCH_LEAVES = 1000;
const YIELDING_BATCH_LEAVES = 100;
// Expiry refreshes (a due time passed) are batched at least this far apart.
const MIN_EXPIRY_MS = 1000;
const MAX_TIMER_MS = 60_000;
// Leaves of the last hour (or later) are "live": what a watched dashboard shows changing.
const LIVE_UNITS = 4;

type Filter = { tenantIds?: readonly string[]; fromUnit?: number };
/** A background refresh of older leaves stops when new marks arrive (they are refreshed later). */
type Drain = { filter: Filter; yieldToWrites: boolean };

/**
 * Keeps the rollups of one database current: refreshes queued leaves after changes (live ones
 * within a quarter second, older ones once a burst of writes pauses, see rollup-schedule.ts),
 * polls the queue, re-counts leaves whose SLA counts expire as the clock passes due times, and
 * lets readers flush what concerns them first, so answers are always exact. All work is
 * serialised: blocks are rebuilt from their children, which must not change midway.
 */
export class RollupRefresher {
  private tail: Promise<unknown> = Promise.resolve();
  private poll: NodeJS.Timeout | undefined;
  private expiry: NodeJS.Timeout | undefined;
  private running = false;
  private expiring = false;
  private readonly keyCache = new Map<string, number>();
  private readonly schedule = new RefreshSchedule((live, force) =>
    this.background(live ? { filter: { fromUnit: unitOf(Date.now()) - LIVE_UNITS }, yieldToWrites: false } : { filter: {}, yieldToWrites: !force }, false),
  );
  private onError: (error: unknown) => void = () => undefined;

  constructor(private readonly ctx: AppContext) {}

  start(onError: (error: unknown) => void): void {
    if (this.running) return;
    this.onError = onError;
    this.running = true;
    running.add(this);
    // Not while this process is writing: the schedule has that in hand.
    this.poll = setInterval(() => {
      if (!this.schedule.pending) this.background({ filter: {}, yieldToWrites: true }, false);
    }, POLL_MS);
    this.poll.unref();
    this.background({ filter: {}, yieldToWrites: false }, true);
  }

  async stop(): Promise<void> {
    this.running = false;
    running.delete(this);
    this.schedule.cancel();
    for (const timer of [this.poll, this.expiry]) if (timer) clearTimeout(timer);
    await this.tail.catch(() => undefined);
  }

  /** Changes were queued (`live`: some in the last hour). */
  poke(live: boolean): void {
    if (this.running) this.schedule.poke(live);
  }

  /** Before reading: refresh everything queued for these tenants (without waiting when nothing is). */
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
      // Hand over to the poll, which retries every second.
      this.schedule.settled(Number.POSITIVE_INFINITY);
    });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.tail.then(work, work);
    this.tail = next.catch(() => undefined);
    return next;
  }

  /** Refreshes the queued leaves matching the filter until none is left (or writes resume). */
  private async drain({ filter, yieldToWrites }: Drain): Promise<"idle" | "refreshed" | "interrupted"> {
    // A cheap look first: readers call this on every request.
    if ((await repo.queuedLeaves(this.ctx.db, filter, 1)).length === 0) return "idle";
    const started = Date.now();
    const batch = yieldToWrites ? YIELDING_BATCH_LEAVES : BATCH_LEAVES;
    for (;;) {
      const more = await this.inTransaction(async (trx) => {
        // Several marks of one leaf (one per write) are one refresh; their rows go together.
        const leaves = new Map<string, LeafRef>();
        const ids: number[] = [];
        for (const q of await repo.queuedLeaves(trx, filter)) {
          const key = `${q.tenant_id}|${q.unit}`;
          if (!leaves.has(key)) {
            if (leaves.size >= batch) continue;
            leaves.set(key, { tenantId: q.tenant_id, unit: Number(q.unit) });
          }
          ids.push(Number(q.id));
        }
        if (leaves.size === 0) return false;
        await refreshLeaves(trx, [...leaves.values()], this.ctx.now(), { keyCache: this.keyCache });
        await repo.dequeue(trx, ids);
        return leaves.size >= batch;
      });
      if (!more) return "refreshed";
      // Let waiting requests in between steps of a big backlog, and stop for new writes.
      await new Promise((resolve) => setImmediate(resolve));
      if (yieldToWrites && this.schedule.lastPoke >= started) return "interrupted";
    }
  }

  /** Re-counts leaves whose due times passed, and sets a timer for the next one. */
  private async expire(): Promise<void> {
    this.expiring = false;
    const now = this.ctx.now();
    const stale = await repo.dueLeaves(this.ctx.db, now);
    if (stale.length) {
      await this.inTransaction((trx) => refreshLeaves(trx, stale.map((r) => ({ tenantId: r.tenant_id, unit: Number(r.start) })), now, { totalsOnly: true }));
    }
    const next = await repo.earliestDue(this.ctx.db, TOP_LEVEL);
    if (this.expiry) clearTimeout(this.expiry);
    if (next === null || !this.running) return;
    const wait = Math.min(MAX_TIMER_MS, Math.max(MIN_EXPIRY_MS, next - this.ctx.now() + 1));
    this.expiry = setTimeout(() => this.background({ filter: {}, yieldToWrites: true }, true), wait);
    this.expiry.unref();
  }

  /** One transaction; on PostgreSQL an advisory lock serialises refreshers of several processes. */
  private inTransaction<T>(work: (trx: repo.Db) => Promise<T>): Promise<T> {
    return this.ctx.db.transaction().execute(async (trx) => {
      if (!isSqlite(trx as never)) await sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`.execute(trx);
      return work(trx);
    });
  }
}

// An arbitrary constant naming the rollup lock among PostgreSQL advisory locks.
const ROLLUP_LOCK = 7_410_993;

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
 */
export async function markAlertsChanged(db: repo.Db, tenantId: string, rows: readonly { detected_at: number }[]): Promise<void> {
  const units = new Set<number>();
  for (const row of rows) units.add(unitOf(row.detected_at));
  if (units.size === 0) return;
  await repo.enqueueLeaves(db, [...units].map((unit) => ({ tenant_id: tenantId, unit })));
  // The wall clock, not the context's: this only decides how soon to refresh.
  const liveFrom = unitOf(Date.now()) - LIVE_UNITS;
  const live = [...units].some((u) => u >= liveFrom);
  for (const refresher of running) refresher.poke(live);
}
