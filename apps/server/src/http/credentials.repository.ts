import type { Role } from "@watchfloor/shared";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The reads and touches behind authentication (auth-guard.ts, stream-guard.ts): sessions with
 * what the session gate needs, memberships, API keys. They live with the guard, below the
 * features, so that http/ imports no feature; the auth and api-keys features use them too.
 */

export async function findSessionWithUser(db: Db, id: string) {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id",
      "sessions.user_id",
      "sessions.csrf_token",
      "sessions.last_seen_at",
      "sessions.expires_at",
      "sessions.second_factor_at",
      "users.email",
      "users.platform_admin",
      "users.password_must_change",
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom("user_factors")
              .select("user_factors.id")
              .whereRef("user_factors.user_id", "=", "sessions.user_id")
              .where("user_factors.confirmed_at", "is not", null),
          )
          .as("has_second_factor"),
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom("memberships")
              .innerJoin("tenants", "tenants.id", "memberships.tenant_id")
              .select("tenants.id")
              .whereRef("memberships.user_id", "=", "sessions.user_id")
              .where("tenants.require_second_factor", "=", 1),
          )
          .as("second_factor_required"),
    ])
    .where("sessions.id", "=", id)
    .executeTakeFirst();
}

export async function touchSession(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable("sessions").set({ last_seen_at: at }).where("id", "=", id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
}

export async function membershipsOf(db: Db, userId: string) {
  const rows = await db
    .selectFrom("memberships")
    .innerJoin("tenants", "tenants.id", "memberships.tenant_id")
    .select(["tenants.id as tenantId", "tenants.name as tenantName", "tenants.slug as tenantSlug", "memberships.role"])
    .where("memberships.user_id", "=", userId)
    .orderBy("tenants.name")
    .execute();
  return rows.map((r) => ({ ...r, role: r.role as Role }));
}

export const findApiKeyByHash = (db: Db, keyHash: string) =>
  db
    .selectFrom("api_keys")
    .select(["id", "tenant_id", "last_used_at"])
    .where("key_hash", "=", keyHash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();

/** A live stream's re-check: the key's tenant while it is unrevoked, else undefined. */
export const findLiveApiKey = (db: Db, id: string) =>
  db.selectFrom("api_keys").select(["tenant_id"]).where("id", "=", id).where("revoked_at", "is", null).executeTakeFirst();

export async function touchApiKey(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable("api_keys").set({ last_used_at: at }).where("id", "=", id).execute();
}

export async function apiKeyName(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom("api_keys").select("name").where("id", "=", id).executeTakeFirst())?.name;
}

export async function userDisplayName(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom("users").select("display_name").where("id", "=", id).executeTakeFirst())?.display_name;
}
