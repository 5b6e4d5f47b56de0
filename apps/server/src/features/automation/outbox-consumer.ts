import { hostname } from "node:os";
import { retryDelayMs } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { claimEvents, deleteEvent, type OutboxRow, releaseEvent } from "../../db/automation-outbox.repository";
import type { DomainEvent } from "../../lib/events";
import { newId } from "../../lib/tokens";
import { yieldToEventLoop } from "../../lib/yield";

/** An outbox event as the rules see it; `seq` is its row's id, the same on every retry. */
export type OutboxEvent = DomainEvent & { seq: string };

/** Events claimed at a time: what one server holds while others could answer them too. */
const CLAIM_BATCH = 10;
/** How long a claim holds: a server that dies leaves its claimed events to the others after this. */
const CLAIM_LEASE_MS = 5 * 60_000;
/** Tries (claims) before an event that keeps failing is logged and dropped. */
const MAX_ATTEMPTS = 5;

/**
 * Takes events from the automation outbox for the engine (docs/automation.md, "How rules run"):
 * woken after this server's commits and by the job runner's sweep, it claims a batch, hands the
 * events over one at a time and deletes each once answered, until nothing is left to claim. A
 * failed event is given back with a retry time. One drain at a time per server; a wake-up during
 * a drain makes it claim once more, so an event committed meanwhile is not left for the sweep.
 */
export class OutboxConsumer {
  /** Who holds a claim (several servers may share one PostgreSQL database). */
  readonly owner = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private answered = 0;
  private log: (error: unknown, message: string) => void = () => undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly answer: (event: OutboxEvent) => Promise<void>,
  ) {}

  /** Starts answering, beginning with what the outbox already holds (left by a restart). */
  start(log: (error: unknown, message: string) => void): void {
    this.log = log;
    this.stopped = false;
    this.wake();
  }

  /** Claims nothing more; a batch already claimed is answered first (idle() waits for it). */
  stop(): void {
    this.stopped = true;
  }

  wake(): void {
    if (this.stopped) return;
    this.again = true;
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** Answers every event not claimed elsewhere; resolves with how many this call answered. */
  async sweep(): Promise<number> {
    const before = this.answered;
    this.wake();
    await this.idle();
    return this.answered - before;
  }

  /** Events answered since this consumer was made. */
  get eventsAnswered(): number {
    return this.answered;
  }

  private async drain(): Promise<void> {
    try {
      while (this.again && !this.stopped) {
        this.again = false;
        for (let batch = await this.claim(); batch.length > 0; batch = this.stopped ? [] : await this.claim())
          for (const row of batch) await this.handle(row);
      }
    } catch (error) {
      // The database refused the claim: the next wake-up or sweep tries again.
      this.log(error, "automation: claiming events failed");
    }
  }

  private claim(): Promise<OutboxRow[]> {
    return claimEvents(this.ctx.db, this.owner, this.ctx.now(), CLAIM_LEASE_MS, CLAIM_BATCH);
  }

  /** Answers one claimed event and removes it; a failure is retried later, up to MAX_ATTEMPTS claims. */
  private async handle(row: OutboxRow): Promise<void> {
    const ids = JSON.parse(row.ids) as string[];
    const what = `automation: ${row.type} for ${ids.length} item(s)`;
    try {
      // Claimed that often, it failed or took its server down each time: answering it again would too.
      if (row.attempts > MAX_ATTEMPTS) {
        this.log(new Error(`claimed ${row.attempts} times`), `${what} was dropped`);
        await deleteEvent(this.ctx.db, row.id);
        return;
      }
      const event: OutboxEvent = {
        seq: row.id,
        type: row.type as DomainEvent["type"],
        tenantId: row.tenant_id,
        ids,
        ...(row.changed ? { changed: JSON.parse(row.changed) as string[] } : {}),
      };
      try {
        await this.answer(event);
      } catch (error) {
        const last = row.attempts >= MAX_ATTEMPTS;
        this.log(error, `${what} failed (try ${row.attempts}${last ? ", dropped" : ""})`);
        if (last) await deleteEvent(this.ctx.db, row.id);
        else await releaseEvent(this.ctx.db, row.id, this.owner, this.ctx.now() + retryDelayMs(row.attempts));
        return;
      }
      await deleteEvent(this.ctx.db, row.id);
      this.answered++;
    } catch (error) {
      // Left claimed: taken again once the claim runs out.
      this.log(error, `${what}: the outbox could not be updated`);
    } finally {
      await yieldToEventLoop();
    }
  }
}
