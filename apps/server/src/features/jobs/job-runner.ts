import { hostname } from "node:os";
import { retryDelayMs } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { iso } from "../../lib/time";
import { newId } from "../../lib/tokens";
import * as repo from "./jobs.repository";

/** A job as its handler sees it. */
export interface ClaimedJob {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  /** 1 on the first try. */
  attempt: number;
  maxAttempts: number;
}

export interface JobHandler {
  kind: string;
  /** Tries before the job is dead (default 5). */
  maxAttempts?: number;
  run(job: ClaimedJob): Promise<unknown>;
  /** Called once when the last attempt failed. */
  onDead?(job: ClaimedJob, error: string): Promise<void>;
}

/** Work done every `everyMs`: one job per slot of that length, whichever server enqueues it first. */
export interface PeriodicTask {
  kind: string;
  everyMs: number;
  run(): Promise<unknown>;
}

export interface RunnerOptions {
  handlers: JobHandler[];
  periodic: PeriodicTask[];
  /** How long a claim holds without renewal before another server may take the job over. */
  leaseMs?: number;
  /** The longest sleep: jobs other servers enqueue are seen at least this often. */
  maxSleepMs?: number;
  log?: (error: unknown, message: string) => void;
}

const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_MAX_SLEEP_MS = 60_000;

/**
 * Runs background jobs claimed in the database (docs/deployment.md, "Background work"). Each
 * periodic task's current slot and each scheduled item is one row with a unique (kind, key), so
 * every server may enqueue it and one runs it. The runner sleeps until the next due job or slot
 * (at most `maxSleepMs`), so an idle server wakes about once a minute; jobs run one at a time.
 */
export class JobRunner {
  readonly owner = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly periodic: PeriodicTask[];
  private readonly leaseMs: number;
  private readonly maxSleepMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = true;
  /** Set by stop(): a pass under way ends after its current job (runDue before start still runs). */
  private stopping = false;
  /** When the last pass ended, and its error if it failed (for /readyz). */
  lastPassAt: number | null = null;
  lastPassError: string | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: RunnerOptions,
  ) {
    for (const handler of options.handlers) this.handlers.set(handler.kind, handler);
    for (const task of options.periodic) this.handlers.set(task.kind, { kind: task.kind, maxAttempts: 1, run: () => task.run() });
    this.periodic = options.periodic;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.maxSleepMs = options.maxSleepMs ?? DEFAULT_MAX_SLEEP_MS;
  }

  get started(): boolean {
    return !this.stopped;
  }

  start(): void {
    this.stopped = false;
    this.stopping = false;
    this.poke();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => 0);
  }

  /** Run what is due soon (after an enqueue here, or when the test clock moved). */
  poke(): void {
    if (this.stopped) return;
    this.arm(0);
  }

  /** Adds a job (once per kind and key); true when this call added it. */
  async enqueue(kind: string, key: string, payload: unknown, runAt = this.ctx.now()): Promise<boolean> {
    const maxAttempts = this.handlers.get(kind)?.maxAttempts ?? 5;
    const added = await repo.insertJob(this.ctx.db, { id: newId(), kind, key, payload, runAt, maxAttempts, now: this.ctx.now() });
    if (added && runAt <= this.ctx.now()) this.poke();
    return added;
  }

  /**
   * Enqueues the periodic tasks' current slots and runs every due job, one after another;
   * returns how many ran. Concurrent calls share one pass (and ask for another after it).
   */
  runDue(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.poke();
      }
    });
    return this.running;
  }

  private async pass(): Promise<number> {
    let ran = 0;
    try {
      const now = this.ctx.now();
      for (const task of this.periodic) {
        const slot = Math.floor(now / task.everyMs) * task.everyMs;
        await repo.insertJob(this.ctx.db, {
          id: newId(),
          kind: task.kind,
          key: iso(slot),
          payload: null,
          runAt: slot,
          maxAttempts: 1,
          now,
        });
      }
      // A stopping server finishes the job in hand and claims no more (the rest wait for the next server).
      while (!this.stopping) {
        const row = await repo.claimJob(this.ctx.db, this.owner, this.ctx.now(), this.leaseMs);
        if (!row) break;
        await this.runOne(row);
        ran += 1;
      }
      this.lastPassError = null;
    } catch (error) {
      this.lastPassError = error instanceof Error ? error.message : String(error);
      this.options.log?.(error, "background job pass failed");
    } finally {
      this.lastPassAt = this.ctx.now();
    }
    if (!this.stopped) this.arm(await this.sleepMs().catch(() => this.maxSleepMs));
    return ran;
  }

  private async runOne(row: repo.JobRow): Promise<void> {
    const job: ClaimedJob = {
      id: row.id,
      kind: row.kind,
      key: row.job_key,
      payload: JSON.parse(row.payload),
      attempt: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
    };
    const handler = this.handlers.get(row.kind);
    // Keep the claim while the handler runs, so no other server takes the job over.
    const renew = setInterval(
      () => void repo.renewLease(this.ctx.db, row.id, this.owner, this.ctx.now() + this.leaseMs).catch(() => undefined),
      Math.max(1000, this.leaseMs / 3),
    );
    renew.unref();
    try {
      if (!handler) throw new Error(`this server has no handler for jobs of kind ${row.kind}`);
      const result = await handler.run(job);
      await repo.finishJob(this.ctx.db, row.id, this.owner, { status: "succeeded", result: result ?? null, now: this.ctx.now() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = this.ctx.now();
      if (job.attempt < job.maxAttempts) {
        await repo.finishJob(this.ctx.db, row.id, this.owner, {
          status: "queued",
          runAt: now + retryDelayMs(job.attempt),
          error: message,
          now,
        });
      } else {
        await repo.finishJob(this.ctx.db, row.id, this.owner, { status: "dead", error: message, now });
        await handler?.onDead?.(job, message).catch((e: unknown) => this.options.log?.(e, "job onDead failed"));
      }
      this.options.log?.(
        error,
        `background job ${row.kind} ${row.job_key} failed (attempt ${job.attempt} of ${job.maxAttempts})`,
      );
    } finally {
      clearInterval(renew);
    }
  }

  /** Until the next queued job or periodic slot, at most maxSleepMs. */
  private async sleepMs(): Promise<number> {
    const now = this.ctx.now();
    let at = now + this.maxSleepMs;
    for (const task of this.periodic) at = Math.min(at, (Math.floor(now / task.everyMs) + 1) * task.everyMs);
    const next = await repo.nextRunAt(this.ctx.db);
    if (next !== null) at = Math.min(at, next);
    return Math.max(0, at - now);
  }

  private arm(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runDue();
    }, ms);
    this.timer.unref();
  }
}
