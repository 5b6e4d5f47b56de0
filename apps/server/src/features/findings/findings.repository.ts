import { type Kysely, sql, type Transaction } from "kysely";
import type { DB, FindingsTable } from "../../db/tables";
import type { FindingRow } from "./finding-view";

type Db = Kysely<DB> | Transaction<DB>;

const withNames = (db: Db) =>
  db
    .selectFrom("findings")
    .selectAll("findings")
    .select([
      sql<string>`(select name from tenants where tenants.id = findings.tenant_id)`.as("tenant_name"),
      sql<string | null>`(select name from cwe_names where cwe_names.cwe_id = findings.cwe_id)`.as("cwe_name"),
    ]);

/** One finding of a tenant in scope; undefined for an unknown id or another tenant's. */
export async function findFinding(db: Db, tenantIds: readonly string[], id: string): Promise<FindingRow | undefined> {
  if (tenantIds.length === 0) return undefined;
  return withNames(db).where("findings.id", "=", id).where("findings.tenant_id", "in", [...tenantIds]).executeTakeFirst();
}

/** Several findings in scope, in no particular order; ids not found are simply absent. */
export async function findFindings(db: Db, tenantIds: readonly string[], ids: readonly string[]): Promise<FindingRow[]> {
  if (tenantIds.length === 0 || ids.length === 0) return [];
  const rows: FindingRow[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    rows.push(...(await withNames(db).where("findings.id", "in", ids.slice(i, i + 500)).where("findings.tenant_id", "in", [...tenantIds]).execute()));
  }
  return rows;
}

export async function updateFinding(db: Db, tenantId: string, id: string, changes: Partial<FindingsTable>): Promise<void> {
  await db.updateTable("findings").set(changes).where("tenant_id", "=", tenantId).where("id", "=", id).execute();
}

export const findingSources = (db: Db, tenantId: string, findingId: string) =>
  db
    .selectFrom("finding_sources")
    .select(["scanner", "scanner_finding_id", "first_seen", "last_seen"])
    .where("tenant_id", "=", tenantId)
    .where("finding_id", "=", findingId)
    .orderBy("scanner")
    .orderBy("scanner_finding_id")
    .execute();

/** A member of the tenant who can work findings (executives only read dashboards). */
export async function assignableMember(db: Db, tenantId: string, userId: string): Promise<{ displayName: string } | undefined> {
  const member = await db
    .selectFrom("memberships")
    .innerJoin("users", "users.id", "memberships.user_id")
    .select(["users.display_name", "memberships.role"])
    .where("memberships.tenant_id", "=", tenantId)
    .where("users.id", "=", userId)
    .executeTakeFirst();
  return member && member.role !== "executive" ? { displayName: member.display_name } : undefined;
}
