import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/** Tenants that keep their data for a limited time. */
export async function tenantsWithRetention(db: Db) {
  return db.selectFrom("tenants").select(["id", "retention_days"]).where("retention_days", "is not", null).execute();
}

/** Up to `limit` of the tenant's alerts detected before `cutoff`, oldest first. */
export async function expiredAlerts(db: Db, tenantId: string, cutoff: number, limit: number) {
  return db
    .selectFrom("alerts")
    .select(["id", "detected_at"])
    .where("tenant_id", "=", tenantId)
    .where("detected_at", "<", cutoff)
    .orderBy("detected_at")
    .limit(limit)
    .execute();
}

/**
 * Deletes these alerts of the tenant with their timeline (their ATT&CK links go by cascade, and
 * on SQLite the search index by trigger). Returns how many alerts were deleted.
 */
export async function deleteAlerts(db: Db, tenantId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await db
    .deleteFrom("timeline_events")
    .where("tenant_id", "=", tenantId)
    .where("subject_type", "=", "alert")
    .where("subject_id", "in", [...ids])
    .execute();
  const result = await db
    .deleteFrom("alerts")
    .where("tenant_id", "=", tenantId)
    .where("id", "in", [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Up to `limit` timeline events (of incidents and findings) of the tenant before `cutoff`. */
export async function deleteTimelineBefore(db: Db, tenantId: string, cutoff: number, limit: number): Promise<number> {
  const ids = (
    await db
      .selectFrom("timeline_events")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("at", "<", cutoff)
      .limit(limit)
      .execute()
  ).map((r) => r.id);
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom("timeline_events").where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Up to `limit` audit entries of the tenant before `cutoff`, except earlier deletions' own records. */
export async function deleteAuditBefore(db: Db, tenantId: string, cutoff: number, limit: number): Promise<number> {
  const ids = (
    await db
      .selectFrom("audit_log")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("at", "<", cutoff)
      .where("event", "!=", "retention.applied")
      .limit(limit)
      .execute()
  ).map((r) => r.id);
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom("audit_log").where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
