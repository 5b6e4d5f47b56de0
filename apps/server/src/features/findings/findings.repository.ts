import { type Role, roleCan } from "@watchfloor/shared";
import { type Kysely, sql, type Transaction } from "kysely";
import type { DB, FindingsTable } from "../../db/tables";
import type { FindingRow } from "./finding-view";
import { memberOf } from "../users/users.repository";

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
  return withNames(db)
    .where("findings.id", "=", id)
    .where("findings.tenant_id", "in", [...tenantIds])
    .executeTakeFirst();
}

/** Several findings in scope, in no particular order; ids not found are simply absent. */
export async function findFindings(db: Db, tenantIds: readonly string[], ids: readonly string[]): Promise<FindingRow[]> {
  if (tenantIds.length === 0 || ids.length === 0) return [];
  const rows: FindingRow[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    rows.push(
      ...(await withNames(db)
        .where("findings.id", "in", ids.slice(i, i + 500))
        .where("findings.tenant_id", "in", [...tenantIds])
        .execute()),
    );
  }
  return rows;
}

export async function updateFinding(db: Db, tenantId: string, id: string, changes: Partial<FindingsTable>): Promise<void> {
  await db.updateTable("findings").set(changes).where("tenant_id", "=", tenantId).where("id", "=", id).execute();
}

/**
 * A status change that holds only while the finding still has the status the move was checked
 * against: a concurrent change makes it update nothing (false), never overwrite the other.
 */
export async function updateFindingStatus(
  db: Db,
  tenantId: string,
  id: string,
  from: string,
  changes: Partial<FindingsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("findings")
    .set(changes)
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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

/** A member of the tenant who can work findings: one who may write data (not viewers or executives). */
export async function assignableMember(db: Db, tenantId: string, userId: string): Promise<{ displayName: string } | undefined> {
  const member = await memberOf(db, tenantId, userId);
  return member && roleCan(member.role, "data.write") ? { displayName: member.displayName } : undefined;
}

/**
 * The members who can work findings, by display name, for files that name an assignee: a name
 * two such members share resolves to nobody rather than to either.
 */
export async function assignableMembersByName(db: Db, tenantId: string, names: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom("memberships")
    .innerJoin("users", "users.id", "memberships.user_id")
    .select(["users.id", "users.display_name", "memberships.role"])
    .where("memberships.tenant_id", "=", tenantId)
    .where("users.display_name", "in", unique)
    .execute();
  const byName = new Map<string, string | null>();
  for (const r of rows.filter((m) => roleCan(m.role as Role, "data.write")))
    byName.set(r.display_name, byName.has(r.display_name) ? null : r.id);
  return new Map([...byName].filter((e): e is [string, string] => e[1] !== null));
}

/** Open findings of the given assets in scope, worst first: what a CTEM scope exposes (docs/ctem.md). */
export async function openFindingsOfAssets(db: Db, tenantIds: readonly string[], assetIds: readonly string[], limit: number) {
  if (tenantIds.length === 0 || assetIds.length === 0) return [];
  const rows = [];
  for (let i = 0; i < assetIds.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom("findings")
        .select([
          "id",
          "tenant_id",
          "asset_id",
          "title",
          "severity",
          "severity_rank",
          "cvss_score",
          "cve_ids",
          "port",
          "kev",
          "epss",
        ])
        .where("tenant_id", "in", [...tenantIds])
        .where("asset_id", "in", assetIds.slice(i, i + 500))
        .where(sql<boolean>`status <> 'Closed'`)
        .orderBy("severity_rank", "desc")
        .orderBy("id")
        .limit(limit)
        .execute()),
    );
  }
  return rows;
}

/** Status and close reason of linked findings, for progress that only later scans make (as VM campaigns count it). */
export async function findingStates(db: Db, tenantIds: readonly string[], ids: readonly string[]) {
  if (tenantIds.length === 0 || ids.length === 0) return [];
  const rows = [];
  for (let i = 0; i < ids.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom("findings")
        .select(["id", "asset_id", "status", "close_reason", "closed_at"])
        .where("tenant_id", "in", [...tenantIds])
        .where("id", "in", ids.slice(i, i + 500))
        .execute()),
    );
  }
  return rows;
}
