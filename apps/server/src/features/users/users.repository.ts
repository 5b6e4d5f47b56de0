import type { Role } from "@watchfloor/shared";
import type { Kysely, Transaction } from "kysely";
import type { DB, UserRow, UsersTable } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

export const findUserByEmail = (db: Db, email: string) =>
  db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();

export const findUserById = (db: Db, id: string) => db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A new account: the given identity, no lockout, default preferences. */
export async function insertUser(
  db: Db,
  user: Pick<UsersTable, "id" | "email" | "display_name" | "password_hash" | "created_at"> &
    Partial<Pick<UsersTable, "job_title" | "platform_admin">>,
): Promise<void> {
  await db
    .insertInto("users")
    .values({
      job_title: "",
      platform_admin: 0,
      failed_sign_ins: 0,
      first_failed_at: null,
      locked_until: null,
      preferences: "{}",
      password_changed_at: user.password_hash ? user.created_at : null,
      ...user,
    })
    .execute();
}

/** A new password; `mustChange` marks it temporary (set by an administrator). */
export async function setPassword(
  db: Db,
  userId: string,
  passwordHash: string,
  at: number,
  options: { mustChange?: boolean } = {},
): Promise<void> {
  await db
    .updateTable("users")
    .set({
      password_hash: passwordHash,
      password_changed_at: at,
      password_must_change: options.mustChange ? 1 : 0,
      failed_sign_ins: 0,
      first_failed_at: null,
      locked_until: null,
    })
    .where("id", "=", userId)
    .execute();
}

export async function updateUser(
  db: Db,
  userId: string,
  changes: Partial<Pick<UserRow, "display_name" | "job_title" | "preferences">>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable("users").set(changes).where("id", "=", userId).execute();
}

/** Names of the user's tenants whose policy requires a second factor. */
export async function tenantsRequiringSecondFactor(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("memberships")
    .innerJoin("tenants", "tenants.id", "memberships.tenant_id")
    .select("tenants.name")
    .where("memberships.user_id", "=", userId)
    .where("tenants.require_second_factor", "=", 1)
    .orderBy("tenants.name")
    .execute();
  return rows.map((r) => r.name);
}

export async function addMembership(db: Db, userId: string, tenantId: string, role: Role, at: number): Promise<void> {
  await db.insertInto("memberships").values({ user_id: userId, tenant_id: tenantId, role, created_at: at }).execute();
}

export async function knownDevice(db: Db, userId: string, fingerprint: string): Promise<"new" | "known" | "first"> {
  const rows = await db.selectFrom("user_devices").select("fingerprint").where("user_id", "=", userId).execute();
  if (rows.length === 0) return "first";
  return rows.some((r) => r.fingerprint === fingerprint) ? "known" : "new";
}

export async function rememberDevice(db: Db, userId: string, fingerprint: string, at: number): Promise<void> {
  const updated = await db
    .updateTable("user_devices")
    .set({ last_seen_at: at })
    .where("user_id", "=", userId)
    .where("fingerprint", "=", fingerprint)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db.insertInto("user_devices").values({ user_id: userId, fingerprint, first_seen_at: at, last_seen_at: at }).execute();
  }
}

/** A member of a tenant with their name and role (assignment and ownership checks), or undefined. */
export async function memberOf(
  db: Db,
  tenantId: string,
  userId: string,
): Promise<{ displayName: string; role: Role } | undefined> {
  const row = await db
    .selectFrom("memberships")
    .innerJoin("users", "users.id", "memberships.user_id")
    .select(["users.display_name", "memberships.role"])
    .where("memberships.tenant_id", "=", tenantId)
    .where("users.id", "=", userId)
    .executeTakeFirst();
  return row ? { displayName: row.display_name, role: row.role as Role } : undefined;
}

/** The owners and admins of each tenant, who hear about breaches and overdue work. */
export async function tenantAdmins(
  db: Db,
  tenantIds: readonly string[],
  roles: readonly Role[] = ["owner", "admin"],
): Promise<Map<string, string[]>> {
  const admins = new Map<string, string[]>(tenantIds.map((id) => [id, []]));
  if (tenantIds.length === 0) return admins;
  const rows = await db
    .selectFrom("memberships")
    .select(["tenant_id", "user_id"])
    .where("tenant_id", "in", [...tenantIds])
    .where("role", "in", [...roles])
    .execute();
  for (const r of rows) admins.get(r.tenant_id)?.push(r.user_id);
  return admins;
}

/** The e-mail addresses of these people (mail notices). */
export async function userEmails(db: Db, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom("users")
    .select("email")
    .where("id", "in", [...userIds])
    .execute();
  return rows.map((r) => r.email);
}
