import {
  type AlertListQuery,
  alertListQuerySchema,
  type FindingListQuery,
  findingListQuerySchema,
  type IncidentListQuery,
  incidentListQuerySchema,
} from "@watchfloor/shared";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Cursor } from "../../db/keyset";
import type { DB, ReportsTable } from "../../db/tables";
import { filteredAlerts } from "../alerts/alert-list.repository";
import { filteredFindings } from "../findings/findings-list.repository";
import { filteredIncidents, incidentPage } from "../incidents/incident-list.repository";

/**
 * The few figures of the reports that no page computes yet, each counted over the very filter
 * of the list it corresponds to (alert list, incident list, vulnerable-asset list), so a figure
 * is the length of that list with those filters. PostgreSQL returns counts and sums as strings:
 * callers convert with Number().
 */

type Db = Kysely<DB> | Transaction<DB>;
type Num = number | string | null;

/** The alert list's query with its defaults, from the filters given. */
export const alertQuery = (filters: Record<string, unknown>): AlertListQuery =>
  alertListQuerySchema.parse({ view: "all", ...filters });
export const incidentQuery = (filters: Record<string, unknown>): IncidentListQuery =>
  incidentListQuerySchema.parse({ view: "all", ...filters });
export const findingQuery = (filters: Record<string, unknown>): FindingListQuery =>
  findingListQuerySchema.parse({ view: "all", ...filters });

/**
 * Source addresses of the alerts matching the list's filters, the most frequent first, with the
 * number of alerts that name none (key "").
 */
export async function sourceAddresses(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  q: AlertListQuery,
  now: number,
  limit: number,
) {
  if (tenantIds.length === 0) return { rows: [] as { key: string; n: number }[], without: 0, truncated: false };
  const value = sql<string>`trim(alerts.src_ip)`;
  const rows = await filteredAlerts(db, tenantIds, q, now)
    .where(sql<boolean>`coalesce(trim(alerts.src_ip), '') <> ''`)
    .select([value.as("key"), sql<Num>`count(*)`.as("n")])
    .groupBy(value)
    .orderBy(sql`count(*)`, "desc")
    .orderBy(value)
    .limit(limit + 1)
    .execute();
  const without = await filteredAlerts(db, tenantIds, q, now)
    .where(sql<boolean>`coalesce(trim(alerts.src_ip), '') = ''`)
    .select(sql<Num>`count(*)`.as("n"))
    .executeTakeFirst();
  return {
    rows: rows.slice(0, limit).map((r) => ({ key: r.key, n: Number(r.n) })),
    without: Number(without?.n ?? 0),
    truncated: rows.length > limit,
  };
}

export interface IncidentTally {
  priority: string;
  status: string;
  n: number;
  ackSum: number;
  ackN: number;
  resolveSum: number;
  resolveN: number;
}

/** The incident list's matches for these filters, counted per priority and status, with creation-to-acknowledgement and -resolution sums. */
export async function tallyIncidents(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  q: IncidentListQuery,
): Promise<IncidentTally[]> {
  if (tenantIds.length === 0) return [];
  const matches = filteredIncidents(db, tenantIds, q).as("i");
  const rows = await db
    .selectFrom(matches)
    .select([
      "i.priority",
      "i.status",
      sql<Num>`count(*)`.as("n"),
      sql<Num>`sum(i.acknowledged_at - i.created_at)`.as("ack_sum"),
      sql<Num>`count(i.acknowledged_at)`.as("ack_n"),
      sql<Num>`sum(i.resolved_at - i.created_at)`.as("resolve_sum"),
      sql<Num>`count(i.resolved_at)`.as("resolve_n"),
    ])
    .groupBy(["i.priority", "i.status"])
    .execute();
  return rows.map((r) => ({
    priority: r.priority,
    status: r.status,
    n: Number(r.n),
    ackSum: Number(r.ack_sum ?? 0),
    ackN: Number(r.ack_n),
    resolveSum: Number(r.resolve_sum ?? 0),
    resolveN: Number(r.resolve_n),
  }));
}

/** The incident list's `limit` + 1 rows for these filters (newest first) after the cursor, as the list reads them. */
export const incidentRows = (
  db: Kysely<DB>,
  tenantIds: readonly string[],
  q: IncidentListQuery,
  limit: number,
  after?: Cursor,
) =>
  tenantIds.length === 0
    ? Promise.resolve([])
    : incidentPage(db, tenantIds, { ...q, sort: "createdAt", dir: "desc", limit }, after);

/** The alerts of one incident with the fields its document lists (the incident page shows fewer). */
export const incidentAlertDetails = (db: Db, tenantId: string, incidentId: string) =>
  db
    .selectFrom("alerts")
    .select([
      "id",
      "name",
      "priority",
      "status",
      "source",
      "detected_at",
      "hostname",
      "username",
      "src_ip",
      "dst_ip",
      "mitre_techniques",
      "tactics",
    ])
    .where("tenant_id", "=", tenantId)
    .where("incident_id", "=", incidentId)
    .orderBy("detected_at", "asc")
    .orderBy("id", "asc")
    .limit(1000)
    .execute();

/**
 * CVEs of CISA's KEV catalog on the findings the vulnerable-asset list shows for these filters
 * (open, in KEV), per CVE: findings, assets, the first time one was seen, and the catalog and
 * EPSS entries. Most findings first.
 */
export async function kevCves(db: Kysely<DB>, tenantIds: readonly string[], q: FindingListQuery, now: number) {
  if (tenantIds.length === 0) return [];
  const matches = filteredFindings(db, tenantIds, q, now)
    .select(["findings.id", "findings.asset_id", "findings.first_seen"])
    .as("f");
  const rows = await db
    .selectFrom(matches)
    .innerJoin("finding_cves as fc", "fc.finding_id", "f.id")
    .innerJoin("kev_catalog as k", "k.cve_id", "fc.cve_id")
    .leftJoin("epss_scores as e", "e.cve_id", "fc.cve_id")
    .select([
      "fc.cve_id",
      sql<Num>`count(*)`.as("findings"),
      sql<Num>`count(distinct f.asset_id)`.as("assets"),
      sql<Num>`min(f.first_seen)`.as("first_seen"),
      sql<string | null>`max(k.vulnerability_name)`.as("name"),
      sql<string | null>`max(k.date_added)`.as("date_added"),
      sql<string | null>`max(k.required_action)`.as("required_action"),
      sql<Num>`max(k.known_ransomware)`.as("ransomware"),
      sql<Num>`max(e.epss)`.as("epss"),
      sql<Num>`max(e.percentile)`.as("percentile"),
    ])
    .groupBy("fc.cve_id")
    .orderBy(sql`count(*)`, "desc")
    .orderBy("fc.cve_id")
    .execute();
  return rows.map((r) => ({
    cveId: r.cve_id,
    findings: Number(r.findings),
    assets: Number(r.assets),
    firstSeen: Number(r.first_seen),
    name: r.name,
    dateAdded: r.date_added,
    requiredAction: r.required_action,
    ransomware: Number(r.ransomware ?? 0) === 1,
    epss: r.epss == null ? null : Number(r.epss),
    percentile: r.percentile == null ? null : Number(r.percentile),
  }));
}

/** Distinct assets among the findings the vulnerable-asset list shows for these filters. */
export async function countFindingAssets(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  q: FindingListQuery,
  now: number,
): Promise<{ findings: number; assets: number }> {
  if (tenantIds.length === 0) return { findings: 0, assets: 0 };
  const row = await filteredFindings(db, tenantIds, q, now)
    .select([sql<Num>`count(*)`.as("n"), sql<Num>`count(distinct findings.asset_id)`.as("assets")])
    .executeTakeFirst();
  return { findings: Number(row?.n ?? 0), assets: Number(row?.assets ?? 0) };
}

// The archive.

export async function insertReport(db: Db, row: ReportsTable, tenants: { id: string; name: string }[]): Promise<void> {
  await db.insertInto("reports").values(row).execute();
  await db
    .insertInto("report_tenants")
    .values(tenants.map((t) => ({ report_id: row.id, tenant_id: t.id, tenant_name: t.name })))
    .execute();
}

const archiveColumns = [
  "reports.id",
  "reports.kind",
  "reports.title",
  "reports.subject",
  "reports.period_label",
  "reports.query",
  "reports.incident_id",
  "reports.created_by",
  "reports.created_by_name",
  "reports.created_at",
  "reports.file_name",
  "reports.size",
] as const;

/**
 * Archived reports every one of whose tenants is readable: `readable` gives, per kind, the
 * tenants the caller may read that kind in. Newest first, keyset on (created_at, id).
 */
export async function listReports(
  db: Db,
  readable: Record<string, readonly string[]>,
  options: { kind?: string; limit: number; before?: { at: number; id: string } },
) {
  const kinds = Object.entries(readable).filter(
    ([kind, tenants]) => tenants.length > 0 && (!options.kind || options.kind === kind),
  );
  if (kinds.length === 0) return [];
  let query = db
    .selectFrom("reports")
    .select(archiveColumns)
    .where((eb) =>
      eb.or(
        kinds.map(([kind, tenants]) =>
          eb.and([
            eb("reports.kind", "=", kind),
            eb(
              "reports.tenant_count",
              "=",
              eb
                .selectFrom("report_tenants")
                .select(sql<number>`count(*)`.as("n"))
                .whereRef("report_tenants.report_id", "=", "reports.id")
                .where("report_tenants.tenant_id", "in", [...tenants]),
            ),
          ]),
        ),
      ),
    );
  if (options.before) {
    const { at, id } = options.before;
    query = query.where((eb) =>
      eb.or([eb("reports.created_at", "<", at), eb.and([eb("reports.created_at", "=", at), eb("reports.id", "<", id)])]),
    );
  }
  return query.orderBy("reports.created_at", "desc").orderBy("reports.id", "desc").limit(options.limit).execute();
}

/** One archived report if every one of its tenants is in `tenantIds` (of its kind's permission). */
export async function findReport(db: Db, readable: Record<string, readonly string[]>, id: string) {
  const row = await db
    .selectFrom("reports")
    .select(archiveColumns)
    .select("reports.tenant_count")
    .where("reports.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const tenants = readable[row.kind] ?? [];
  if (tenants.length === 0) return undefined;
  const inScope = await db
    .selectFrom("report_tenants")
    .select(sql<Num>`count(*)`.as("n"))
    .where("report_id", "=", id)
    .where("tenant_id", "in", [...tenants])
    .executeTakeFirst();
  return Number(inScope?.n ?? 0) === Number(row.tenant_count) ? row : undefined;
}

export const reportTenants = (db: Db, reportIds: readonly string[]) =>
  reportIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("report_tenants")
        .select(["report_id", "tenant_id", "tenant_name"])
        .where("report_id", "in", [...reportIds])
        .orderBy("tenant_name")
        .execute();

export const reportFile = (db: Db, id: string) =>
  db.selectFrom("reports").select(["file", "file_name", "content_type"]).where("id", "=", id).executeTakeFirst();

export async function deleteReport(db: Db, id: string): Promise<void> {
  await db.deleteFrom("reports").where("id", "=", id).execute();
}
