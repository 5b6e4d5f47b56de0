import type { Kysely, Transaction } from "kysely";
import type { DB, RiskSnapshotsTable } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/** One row per tenant and day: a later snapshot of the same day replaces the earlier one. */
export async function upsertSnapshots(db: Db, rows: RiskSnapshotsTable[]): Promise<void> {
  for (const row of rows) {
    const { tenant_id, day, ...rest } = row;
    await db
      .insertInto("risk_snapshots")
      .values(row)
      .onConflict((oc) => oc.columns(["tenant_id", "day"]).doUpdateSet(rest))
      .execute();
  }
}

/** Snapshots of the tenants in scope from `fromDay` on, oldest first. */
export async function snapshotsSince(db: Db, tenantIds: readonly string[], fromDay: number) {
  if (tenantIds.length === 0) return [];
  const rows = await db
    .selectFrom("risk_snapshots")
    .select(["tenant_id", "day", "score", "detail"])
    .where("tenant_id", "in", [...tenantIds])
    .where("day", ">=", fromDay)
    .orderBy("day")
    .execute();
  return rows.map((r) => ({ ...r, day: Number(r.day), score: Number(r.score) }));
}

/** Every tenant with no snapshot for `day` yet: the daily job's work list. */
export async function tenantsWithoutSnapshot(db: Db, day: number): Promise<string[]> {
  const rows = await db
    .selectFrom("tenants")
    .select("id")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("risk_snapshots as s")
            .select("s.tenant_id")
            .whereRef("s.tenant_id", "=", "tenants.id")
            .where("s.day", "=", day),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** Tenants that hold findings (what a global intel load can change). */
export async function tenantsWithFindings(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("tenants")
    .select("id")
    .where(({ exists, selectFrom }) =>
      exists(selectFrom("findings").select("findings.id").whereRef("findings.tenant_id", "=", "tenants.id")),
    )
    .execute();
  return rows.map((r) => r.id);
}
