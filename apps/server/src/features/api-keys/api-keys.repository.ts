import type { Kysely, Transaction } from "kysely";
import type { ApiKeysTable, DB } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/** Authentication looks keys up by hash before any scope exists; it returns only live keys. */
export async function insertApiKey(db: Db, key: ApiKeysTable): Promise<void> {
  await db.insertInto("api_keys").values(key).execute();
}

const columns = [
  "api_keys.id",
  "api_keys.tenant_id",
  "api_keys.name",
  "api_keys.prefix",
  "api_keys.created_at",
  "api_keys.last_used_at",
  "api_keys.revoked_at",
] as const;

/** Keys with their creator's e-mail and whether the creator still belongs to the key's tenant. */
const keysWithCreator = (db: Db, tenantIds: readonly string[]) =>
  db
    .selectFrom("api_keys")
    .leftJoin("users", "users.id", "api_keys.created_by")
    .select(columns)
    .select((eb) => [
      "users.email as creator_email",
      eb
        .exists(
          eb
            .selectFrom("memberships")
            .select("memberships.user_id")
            .whereRef("memberships.user_id", "=", "api_keys.created_by")
            .whereRef("memberships.tenant_id", "=", "api_keys.tenant_id"),
        )
        .as("creator_is_member"),
    ])
    .where("api_keys.tenant_id", "in", [...tenantIds]);

export const listApiKeys = (db: Db, tenantIds: readonly string[]) =>
  tenantIds.length === 0 ? Promise.resolve([]) : keysWithCreator(db, tenantIds).orderBy("api_keys.created_at", "desc").execute();

export const findApiKey = (db: Db, tenantIds: readonly string[], id: string) =>
  tenantIds.length === 0
    ? Promise.resolve(undefined)
    : keysWithCreator(db, tenantIds).where("api_keys.id", "=", id).executeTakeFirst();

/** Unrevoked keys one person created in one tenant. */
export const activeKeysCreatedBy = (db: Db, tenantId: string, userId: string) =>
  db
    .selectFrom("api_keys")
    .select(["id", "name", "prefix"])
    .where("tenant_id", "=", tenantId)
    .where("created_by", "=", userId)
    .where("revoked_at", "is", null)
    .orderBy("created_at")
    .execute();

/** Members of a tenant holding one of `roles` (those who manage its keys). */
export const membersWithRoles = async (db: Db, tenantId: string, roles: readonly string[]): Promise<string[]> =>
  roles.length === 0
    ? []
    : (
        await db
          .selectFrom("memberships")
          .select("user_id")
          .where("tenant_id", "=", tenantId)
          .where("role", "in", [...roles])
          .orderBy("user_id")
          .execute()
      ).map((r) => r.user_id);

export async function revokeApiKey(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable("api_keys").set({ revoked_at: at }).where("id", "=", id).where("revoked_at", "is", null).execute();
}
