import type { Role } from "@watchfloor/shared";
import type { Insertable, Kysely, Transaction } from "kysely";
import type { DB, TenantsTable } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/** Every tenant, unscoped: used only when the first account becomes owner of what exists. */
export const allTenantIds = async (db: Db): Promise<string[]> =>
  (await db.selectFrom("tenants").select("id").execute()).map((r) => r.id);

export async function insertTenant(db: Db, tenant: Insertable<TenantsTable>): Promise<void> {
  await db.insertInto("tenants").values(tenant).execute();
}

export const findTenantBySlug = (db: Db, slug: string) =>
  db.selectFrom("tenants").selectAll().where("slug", "=", slug).executeTakeFirst();

/** The tenants a user belongs to, with their role in each. */
export async function tenantsOfUser(db: Db, userId: string, onlyIds?: readonly string[]) {
  let query = db
    .selectFrom("tenants")
    .innerJoin("memberships", "memberships.tenant_id", "tenants.id")
    .select([
      "tenants.id",
      "tenants.name",
      "tenants.slug",
      "tenants.require_second_factor",
      "tenants.retention_days",
      "memberships.role",
    ])
    .where("memberships.user_id", "=", userId);
  if (onlyIds) query = query.where("tenants.id", "in", onlyIds.length ? [...onlyIds] : ["-"]);
  return query.orderBy("tenants.name").execute();
}

export async function updateTenant(
  db: Db,
  tenantIds: readonly string[],
  id: string,
  changes: Partial<Pick<TenantsTable, "name">>,
): Promise<boolean> {
  if (!tenantIds.includes(id)) return false;
  const result = await db.updateTable("tenants").set(changes).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function tenantNameOf(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom("tenants").select("name").where("id", "=", id).executeTakeFirst())?.name;
}

export async function setRetentionDays(db: Db, tenantId: string, days: number | null): Promise<void> {
  await db.updateTable("tenants").set({ retention_days: days }).where("id", "=", tenantId).execute();
}

export async function setRequireSecondFactor(db: Db, tenantId: string, required: boolean): Promise<void> {
  await db
    .updateTable("tenants")
    .set({ require_second_factor: required ? 1 : 0 })
    .where("id", "=", tenantId)
    .execute();
}

export async function listMembers(db: Db, tenantId: string) {
  return db
    .selectFrom("memberships")
    .innerJoin("users", "users.id", "memberships.user_id")
    .select(["users.id as userId", "users.email", "users.display_name", "users.job_title", "memberships.role"])
    .where("memberships.tenant_id", "=", tenantId)
    .orderBy("users.display_name")
    .execute();
}

export async function findMembership(db: Db, tenantId: string, userId: string) {
  const row = await db
    .selectFrom("memberships")
    .select(["role"])
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? { role: row.role as Role } : undefined;
}

export async function setRole(db: Db, tenantId: string, userId: string, role: Role): Promise<void> {
  await db.updateTable("memberships").set({ role }).where("tenant_id", "=", tenantId).where("user_id", "=", userId).execute();
}

export async function removeMembership(db: Db, tenantId: string, userId: string): Promise<void> {
  await db.deleteFrom("memberships").where("tenant_id", "=", tenantId).where("user_id", "=", userId).execute();
}

export async function countOwners(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom("memberships")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("role", "=", "owner")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Tenants (within `tenantIds`) that a user belongs to, with the role held there. */
export async function sharedTenants(db: Db, tenantIds: readonly string[], userId: string) {
  if (tenantIds.length === 0) return [];
  const rows = await db
    .selectFrom("memberships")
    .select(["tenant_id", "role"])
    .where("user_id", "=", userId)
    .where("tenant_id", "in", [...tenantIds])
    .execute();
  return rows.map((r) => ({ tenantId: r.tenant_id, role: r.role as Role }));
}
