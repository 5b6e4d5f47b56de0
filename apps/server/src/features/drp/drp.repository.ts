import type { Kysely, Transaction } from "kysely";
import type { DB, DrpWatchedAssetsTable } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/** The watched assets of the tenants in scope, with who added each. */
export async function listWatched(db: Db, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("drp_watched_assets as w")
    .leftJoin("users as u", "u.id", "w.created_by")
    .select(["w.id", "w.tenant_id", "w.kind", "w.value", "w.created_at", "u.display_name as created_by_name"])
    .where("w.tenant_id", "in", [...tenantIds])
    .orderBy("w.kind")
    .orderBy("w.value")
    .execute();
}

export async function findWatched(db: Db, tenantIds: readonly string[], id: string) {
  if (tenantIds.length === 0) return undefined;
  return db
    .selectFrom("drp_watched_assets as w")
    .leftJoin("users as u", "u.id", "w.created_by")
    .select(["w.id", "w.tenant_id", "w.kind", "w.value", "w.created_at", "u.display_name as created_by_name"])
    .where("w.tenant_id", "in", [...tenantIds])
    .where("w.id", "=", id)
    .executeTakeFirst();
}

export async function countWatched(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom("drp_watched_assets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findByValue(db: Db, tenantId: string, kind: string, value: string) {
  return db
    .selectFrom("drp_watched_assets")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("kind", "=", kind)
    .where("value", "=", value)
    .executeTakeFirst();
}

export async function insertWatched(db: Db, row: DrpWatchedAssetsTable): Promise<void> {
  await db.insertInto("drp_watched_assets").values(row).execute();
}

export async function deleteWatched(db: Db, tenantIds: readonly string[], id: string): Promise<boolean> {
  if (tenantIds.length === 0) return false;
  const result = await db
    .deleteFrom("drp_watched_assets")
    .where("tenant_id", "in", [...tenantIds])
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
