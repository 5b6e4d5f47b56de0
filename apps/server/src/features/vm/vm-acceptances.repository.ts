import { type Kysely, sql, type Transaction } from "kysely";
import type { DB, VmRiskAcceptancesTable } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

export async function insertAcceptance(db: Db, row: VmRiskAcceptancesTable, findingIds: readonly string[]): Promise<void> {
  await db.insertInto("vm_risk_acceptances").values(row).execute();
  for (let i = 0; i < findingIds.length; i += 500)
    await db
      .insertInto("vm_acceptance_findings")
      .values(findingIds.slice(i, i + 500).map((finding_id) => ({ acceptance_id: row.id, finding_id, tenant_id: row.tenant_id })))
      .execute();
}

export async function listAcceptances(db: Db, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("vm_risk_acceptances")
    .selectAll()
    .where("tenant_id", "in", tenantIds)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(200)
    .execute();
}

/** Expired acceptances not yet handled, oldest expiry first. */
export async function dueExpiredAcceptances(db: Db, now: number, limit: number) {
  return db
    .selectFrom("vm_risk_acceptances")
    .selectAll()
    .where("expiry_notified_at", "is", null)
    .where("expires_at", "<=", now)
    .orderBy("expires_at")
    .limit(limit)
    .execute();
}

/** The acceptance's members still closed as Accepted Risk (people may have reopened some meanwhile). */
export async function stillAccepted(db: Db, acceptanceId: string) {
  const rows = await db
    .selectFrom("vm_acceptance_findings as m")
    .innerJoin("findings as f", "f.id", "m.finding_id")
    .select("f.id")
    .where("m.acceptance_id", "=", acceptanceId)
    .where(sql<boolean>`f.status = 'Closed'`)
    .where("f.close_reason", "=", "Accepted Risk")
    .execute();
  return rows.map((r) => r.id);
}

/** Marks the expiry handled; false when another server already did. */
export async function claimExpiryNotified(db: Db, id: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable("vm_risk_acceptances")
    .set({ expiry_notified_at: at })
    .where("id", "=", id)
    .where("expiry_notified_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
