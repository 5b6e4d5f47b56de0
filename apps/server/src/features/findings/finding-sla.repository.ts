import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../../db/tables";
import { days as dayMs } from "../../lib/time";
import { openFindingStatuses } from "@watchfloor/shared";

type Db = Kysely<DB> | Transaction<DB>;

/** The severities for which a tenant set its own remediation days (the rest use the defaults). */
export async function customSlaSeverities(db: Db, tenantId: string): Promise<Set<string>> {
  const rows = await db.selectFrom("remediation_sla_policies").select("severity").where("tenant_id", "=", tenantId).execute();
  return new Set(rows.map((r) => r.severity));
}

/**
 * Moves the due date of every open finding of one severity by the change in days. Shifting
 * (rather than recomputing from first seen) keeps each finding's own start: a finding that came
 * back after a fix is due from its return. A due date moved to now or later re-arms the
 * once-per-deadline overdue notice. Returns how many findings changed.
 */
export async function shiftDueDates(
  db: Db,
  tenantId: string,
  severity: string,
  fromDays: number,
  toDays: number,
  now: number,
): Promise<number> {
  if (fromDays === toDays) return 0;
  const due = sql<number>`coalesce(due_at + ${dayMs(toDays - fromDays)}, first_seen + ${dayMs(toDays)})`;
  const result = await db
    .updateTable("findings")
    .set({
      due_at: due,
      overdue_notified_at: sql<number | null>`case when ${due} >= ${now} then null else overdue_notified_at end`,
    })
    .where("tenant_id", "=", tenantId)
    .where("severity", "=", severity)
    .where("status", "in", [...openFindingStatuses])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Open findings past their due date that nobody has been told about yet (for this due date). */
export const dueOverdueFindings = (db: Db, now: number, limit: number) =>
  db
    .selectFrom("findings")
    .select(["id", "tenant_id", "title", "severity", "asset_key", "assignee_user_id", "due_at"])
    // These two match findings_overdue_pending_idx's predicate so the check reads only that index.
    .where("overdue_notified_at", "is", null)
    .where("status", "!=", "Closed")
    .where("status", "in", [...openFindingStatuses])
    .where("due_at", "<", now)
    .orderBy("due_at")
    .limit(limit)
    .execute();

/** Marks a finding as told overdue unless it already is; true when this call marked it. */
export async function claimOverdueNotified(db: Db, id: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable("findings")
    .set({ overdue_notified_at: at })
    .where("id", "=", id)
    .where("overdue_notified_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
