import type { Insertable, Kysely, Transaction } from "kysely";
import { lockedForTurns } from "../../db/dialect";
import type { DB, QuarantineTable } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * One import per tenant at a time on PostgreSQL: imports read then write (asset numbers, finding
 * and compliance upserts), so two of them into one tenant would race.
 */
export async function lockTenantForImport(trx: Transaction<DB>, tenantId: string): Promise<void> {
  await lockedForTurns(trx, trx.selectFrom("tenants").select("id").where("id", "=", tenantId)).execute();
}

/** An import starts with an empty report, written in the import's transaction. */
export async function insertImportRun(
  db: Db,
  run: {
    id: string;
    tenantId: string;
    kind: string;
    format: string;
    filename: string | null;
    createdBy: string | null;
    at: number;
  },
): Promise<void> {
  await db
    .insertInto("import_runs")
    .values({
      id: run.id,
      tenant_id: run.tenantId,
      kind: run.kind,
      format: run.format,
      filename: run.filename,
      created_by: run.createdBy,
      created_at: run.at,
      report: "{}",
    })
    .execute();
}

export async function saveImportReport(db: Db, id: string, report: unknown): Promise<void> {
  await db
    .updateTable("import_runs")
    .set({ report: JSON.stringify(report) })
    .where("id", "=", id)
    .execute();
}

/** The newest imports of these tenants. */
export async function listImportRuns(db: Db, tenantIds: readonly string[], limit: number) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("import_runs")
    .selectAll()
    .where("tenant_id", "in", [...tenantIds])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function insertQuarantineRow(db: Db, row: Insertable<QuarantineTable>): Promise<void> {
  await db.insertInto("quarantine").values(row).execute();
}

/** Unresolved quarantined rows of these tenants, newest first, after the cursor's id. */
export async function listQuarantine(
  db: Db,
  tenantIds: readonly string[],
  filter: { importId?: string; beforeId?: string; limit: number },
) {
  if (tenantIds.length === 0) return [];
  let query = db
    .selectFrom("quarantine")
    .selectAll()
    .where("tenant_id", "in", [...tenantIds])
    .where("resolved_at", "is", null);
  if (filter.importId) query = query.where("import_id", "=", filter.importId);
  if (filter.beforeId) query = query.where("id", "<", filter.beforeId);
  return query.orderBy("id", "desc").limit(filter.limit).execute();
}

export async function findQuarantined(db: Db, tenantIds: readonly string[], id: string) {
  if (tenantIds.length === 0) return undefined;
  return db
    .selectFrom("quarantine")
    .selectAll()
    .where("id", "=", id)
    .where("tenant_id", "in", [...tenantIds])
    .where("resolved_at", "is", null)
    .executeTakeFirst();
}

/** Marks a row resolved unless it already is; true for the call that resolved it. */
export async function resolveQuarantined(db: Db, id: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable("quarantine")
    .set({ resolved_at: at })
    .where("id", "=", id)
    .where("resolved_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
