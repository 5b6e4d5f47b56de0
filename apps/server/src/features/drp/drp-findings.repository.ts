import { type Kysely, sql, type Transaction } from "kysely";
import type { DB, DrpFindingsTable } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

export interface FindingFilter {
  status?: string;
  kind?: string;
  confidence?: string;
  /** Keyset: the last row of the previous page (last_seen, id), newest first. */
  before?: { at: number; id: string };
}

/** DRP findings of the tenants in scope, most recently seen first, keyset-paged on (last_seen, id). */
export async function listFindings(db: Db, tenantIds: readonly string[], filter: FindingFilter, limit: number) {
  if (tenantIds.length === 0) return [];
  let q = db
    .selectFrom("drp_findings")
    .selectAll()
    .where("tenant_id", "in", [...tenantIds]);
  if (filter.status) q = q.where("status", "=", filter.status);
  if (filter.kind) q = q.where("kind", "=", filter.kind);
  if (filter.confidence) q = q.where("confidence", "=", filter.confidence);
  const before = filter.before;
  if (before)
    q = q.where((eb) =>
      eb.or([eb("last_seen", "<", before.at), eb.and([eb("last_seen", "=", before.at), eb("id", "<", before.id)])]),
    );
  return q.orderBy("last_seen", "desc").orderBy("id", "desc").limit(limit).execute();
}

export async function findFinding(db: Db, tenantIds: readonly string[], id: string) {
  if (tenantIds.length === 0) return undefined;
  return db
    .selectFrom("drp_findings")
    .selectAll()
    .where("tenant_id", "in", [...tenantIds])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The findings of a tenant with these values (a re-import finds what it saw before). */
export async function findingsWithValues(db: Db, tenantId: string, values: readonly string[]) {
  const out: DrpFindingsTable[] = [];
  for (let i = 0; i < values.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom("drp_findings")
        .selectAll()
        .where("tenant_id", "=", tenantId)
        .where("value", "in", values.slice(i, i + 500))
        .execute()),
    );
  }
  return out;
}

export async function insertFindings(db: Db, rows: readonly DrpFindingsTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto("drp_findings")
      .values(rows.slice(i, i + 200))
      .execute();
}

export async function updateSighting(
  db: Db,
  id: string,
  set: Pick<DrpFindingsTable, "last_seen" | "last_evidence" | "sightings" | "confidence" | "techniques">,
): Promise<void> {
  await db.updateTable("drp_findings").set(set).where("id", "=", id).execute();
}

/** Moves a finding from `from` only (a concurrent move makes this a no-op: false). */
export async function setStatus(
  db: Db,
  id: string,
  from: string,
  set: Pick<DrpFindingsTable, "status" | "status_changed_at" | "status_changed_by" | "status_note">,
): Promise<boolean> {
  const result = await db.updateTable("drp_findings").set(set).where("id", "=", id).where("status", "=", from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The text of a tenant's recent alerts that may name hosts: host name, title, description and the raw event. */
/** Characters of an alert's description and raw event the host scan reads. */
const TEXT_READ = 20_000;

export async function recentAlertText(db: Db, tenantId: string, since: number, limit: number) {
  return (
    db
      .selectFrom("alerts")
      // Only the text the host scan reads (drp-hosts.ts): raw events can be large.
      .select([
        "id",
        "hostname",
        "name",
        sql<string | null>`substr(description, 1, ${sql.lit(TEXT_READ)})`.as("description"),
        sql<string | null>`substr(raw, 1, ${sql.lit(TEXT_READ)})`.as("raw"),
      ])
      .where("tenant_id", "=", tenantId)
      .where("detected_at", ">=", since)
      .orderBy("detected_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute()
  );
}

/**
 * The domains a tenant's earlier imports and scans already showed (its look-alike, brand and
 * executive findings: feed lines that matched nothing are not kept), most recently seen first,
 * with the evidence that names the host as seen. The pass run when a watched asset is added reads them.
 */
export async function knownDomainFindings(db: Db, tenantId: string, limit: number) {
  return db
    .selectFrom("drp_findings")
    .select(["value", "watched_key", "first_evidence", "last_evidence"])
    .where("tenant_id", "=", tenantId)
    .where("kind", "!=", "leaked-credential")
    .orderBy("last_seen", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
