import type { Kysely, Transaction } from "kysely";
import type { ApiKeysTable, DB } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/** Authentication looks keys up by hash before any scope exists; it returns only live keys. */
export const findApiKeyByHash = (db: Db, keyHash: string) =>
  db
    .selectFrom("api_keys")
    .select(["id", "tenant_id", "last_used_at"])
    .where("key_hash", "=", keyHash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();

export async function touchApiKey(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable("api_keys").set({ last_used_at: at }).where("id", "=", id).execute();
}

export async function insertApiKey(db: Db, key: ApiKeysTable): Promise<void> {
  await db.insertInto("api_keys").values(key).execute();
}

const columns = ["id", "tenant_id", "name", "prefix", "created_at", "last_used_at", "revoked_at"] as const;

export const listApiKeys = (db: Db, tenantIds: readonly string[]) =>
  tenantIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom("api_keys").select(columns).where("tenant_id", "in", [...tenantIds]).orderBy("created_at", "desc").execute();

export const findApiKey = (db: Db, tenantIds: readonly string[], id: string) =>
  tenantIds.length === 0
    ? Promise.resolve(undefined)
    : db.selectFrom("api_keys").select(columns).where("id", "=", id).where("tenant_id", "in", [...tenantIds]).executeTakeFirst();

export async function revokeApiKey(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable("api_keys").set({ revoked_at: at }).where("id", "=", id).where("revoked_at", "is", null).execute();
}
