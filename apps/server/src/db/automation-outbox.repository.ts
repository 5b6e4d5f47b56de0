import type { Kysely, Selectable, Transaction } from "kysely";
import type { DomainEvent } from "../lib/events";
import { newId } from "../lib/tokens";
import { skipLocked } from "./dialect";
import type { AutomationOutboxTable, DB } from "./tables";

/**
 * The automation outbox (migration 0032, docs/automation.md "How rules run"). It lives below the
 * features because every feature that changes something records its events here, while only
 * features/automation reads them (features never import automation).
 */
export type OutboxRow = Selectable<AutomationOutboxTable>;

/** Subjects per row: bounds what one claim holds (a KEV load may flag tens of thousands of findings). */
const IDS_PER_ROW = 5_000;

/**
 * Records a domain event in the transaction of the change it reports, so both commit or neither.
 * A change made by a rule records nothing (rules never answer their own actions), nor does an
 * event without subjects.
 */
export async function recordEvent(trx: Transaction<DB>, event: DomainEvent, at: number): Promise<void> {
  if (event.byAutomation || event.ids.length === 0) return;
  const changed = event.changed ? JSON.stringify(event.changed) : null;
  const rows = [];
  for (let i = 0; i < event.ids.length; i += IDS_PER_ROW)
    rows.push({
      id: newId(),
      tenant_id: event.tenantId,
      type: event.type,
      ids: JSON.stringify(event.ids.slice(i, i + IDS_PER_ROW)),
      changed,
      created_at: at,
      claimed_by: null,
      claimed_until: null,
    });
  await trx.insertInto("automation_outbox").values(rows).execute();
}

/**
 * Claims up to `limit` events, oldest first, for `leaseMs`: unclaimed ones, ones whose retry time
 * has come, and ones whose claim ran out (their server stopped). Rows another server is claiming
 * at this moment are skipped (FOR UPDATE SKIP LOCKED on PostgreSQL; SQLite has one writer).
 */
export async function claimEvents(
  db: Kysely<DB>,
  owner: string,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  const rows = await db.transaction().execute(async (trx) => {
    const free = await skipLocked(
      trx,
      trx
        .selectFrom("automation_outbox")
        .select("id")
        .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
        .orderBy("id")
        .limit(limit),
    ).execute();
    if (free.length === 0) return [];
    return trx
      .updateTable("automation_outbox")
      .set((eb) => ({ claimed_by: owner, claimed_until: now + leaseMs, attempts: eb("attempts", "+", 1) }))
      .where(
        "id",
        "in",
        free.map((r) => r.id),
      )
      .returningAll()
      .execute();
  });
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** An answered (or abandoned) event leaves the outbox. */
export async function deleteEvent(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom("automation_outbox").where("id", "=", id).execute();
}

/** Gives a failed event back to be claimed again from `retryAt` (only by its claimer). */
export async function releaseEvent(db: Kysely<DB>, id: string, owner: string, retryAt: number): Promise<void> {
  await db
    .updateTable("automation_outbox")
    .set({ claimed_by: null, claimed_until: retryAt })
    .where("id", "=", id)
    .where("claimed_by", "=", owner)
    .execute();
}
