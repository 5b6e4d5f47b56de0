import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import {
  type ComplianceResultsQuery,
  type ComplianceSeverity,
  complianceResults,
  complianceSeverities,
} from "@watchfloor/shared";
import { containsAny } from "../../db/like";
import type { DB } from "../../db/tables";
import { coveredByException, coveringException } from "./compliance-exceptions.repository";

/** The checks list: a page of results with every filter the lists offer, and its total. */

type Db = Kysely<DB>;
export type Joined = SelectQueryBuilder<DB & { r: DB["compliance_results"]; s: DB["compliance_scans"] }, "r" | "s", object>;

export const severityRank = sql<number>`(case r.severity when 'critical' then 5 when 'high' then 4 when 'medium' then 3 when 'low' then 2 when 'info' then 1 else 0 end)`;

/**
 * Results joined to their scans, scoped through the scan's tenant (a result's tenant is always
 * its scan's). No filter on the results' own tenant: with one, SQLite's planner starts from the
 * results and walks every result of the tenants before it finds the latest scans.
 */
export function joined(db: Db, tenantIds: readonly string[]): Joined {
  return db
    .selectFrom("compliance_scans as s")
    .innerJoin("compliance_results as r", "r.scan_id", "s.id")
    .where("s.tenant_id", "in", [...tenantIds]) as unknown as Joined;
}

/**
 * Whether the control in `columns` (a tenant, tool and control id) maps to the framework in
 * that tenant: one seek of compliance_mappings_control_idx (migration 0037) per row.
 */
export function controlMapsTo(framework: string, columns: { tenant: string; tool: string; control: string }) {
  return sql<boolean>`exists (select 1 from compliance_mappings m where m.tenant_id = ${sql.ref(columns.tenant)}
    and m.tool = ${sql.ref(columns.tool)} and m.control_id = ${sql.ref(columns.control)} and m.framework = ${framework})`;
}

/** Results (joined to their scans) whose control maps to the framework. */
export function mappedTo(q: Joined, framework: string): Joined {
  return q.where(controlMapsTo(framework, { tenant: "s.tenant_id", tool: "s.tool", control: "r.control_id" }));
}

/**
 * The matches of the list's filters. `level` narrows them to one severity (a level of the
 * severity sort). A severity asked without a verdict names every verdict too: the results'
 * indexes are led by (scan, result, severity), so SQLite then seeks each verdict's rows of that
 * severity instead of reading every result of the scan (13,360 high results of 62,570: 8.6 to
 * 4.2 ms for a page). Stored verdicts and severities are always the contract's values (the
 * importers map them), so naming every verdict drops nothing.
 */
function filtered(
  db: Db,
  tenantIds: readonly string[],
  query: ComplianceResultsQuery,
  now: number,
  level?: ComplianceSeverity,
): Joined {
  let q = joined(db, tenantIds);
  if (query.scanId) q = q.where("s.id", "=", query.scanId);
  else if (!query.history) q = q.where("s.latest", "=", 1);
  if (query.tenantId) q = q.where("s.tenant_id", "=", query.tenantId);
  if (query.targetKind) q = q.where("s.target_kind", "=", query.targetKind);
  if (query.targetId) q = q.where("s.target_id", "=", query.targetId);
  if (query.tool) q = q.where("s.tool", "=", query.tool);
  if (query.controlId) q = q.where("r.control_id", "=", query.controlId);
  const severity = level ?? query.severity;
  if (query.result) q = q.where("r.result", "=", query.result);
  else if (severity && query.open !== true) q = q.where("r.result", "in", [...complianceResults]);
  if (severity) q = q.where("r.severity", "=", severity);
  if (query.service) q = q.where("r.service", "=", query.service);
  if (query.region) q = q.where("r.region", "=", query.region);
  if (query.resourceType) q = q.where("r.resource_type", "=", query.resourceType);
  if (query.framework) q = mappedTo(q, query.framework);
  if (query.open !== undefined)
    q = q.where(
      query.open
        ? sql<boolean>`r.result in ('fail', 'error') and ${coveredByException(now)} = 0`
        : sql<boolean>`not (r.result in ('fail', 'error') and ${coveredByException(now)} = 0)`,
    );
  if (query.excepted !== undefined) q = q.where(sql<boolean>`${coveredByException(now)} = ${query.excepted ? 1 : 0}`);
  if (query.q) q = q.where(containsAny(db, ["r.control_id", "r.title", "r.resource_id", "s.target_id"], query.q));
  return q;
}

const orderings: Record<ComplianceResultsQuery["sort"], (q: Joined) => Joined> = {
  severity: (q) => q.orderBy(severityRank, "desc").orderBy("r.control_id").orderBy("r.id"),
  control: (q) => q.orderBy("r.control_id").orderBy("s.target_id").orderBy("r.id"),
  target: (q) => q.orderBy("s.target_id").orderBy(severityRank, "desc").orderBy("r.id"),
  scannedAt: (q) => q.orderBy("s.scanned_at", "desc").orderBy("r.id"),
  service: (q) => q.orderBy("r.service").orderBy(severityRank, "desc").orderBy("r.id"),
  region: (q) => q.orderBy("r.region").orderBy(severityRank, "desc").orderBy("r.id"),
};

/**
 * A page of results with every filter the lists offer, and the total. The page is found first by
 * id alone, which the results' read index answers without the wide rows (raw record, evidence:
 * migration 0037), then only its rows are read: filtering and sorting every latest result row
 * for 50 of them took 70-110 ms over 500,000 results.
 */
export async function listResults(db: Db, tenantIds: readonly string[], query: ComplianceResultsQuery, now: number) {
  if (tenantIds.length === 0) return { rows: [], total: 0 };
  const q = filtered(db, tenantIds, query, now);
  const page = await pageIds(db, tenantIds, query, now);
  // A page that is not full ends the list, so it also tells the total: no second pass over the
  // matches (a text search scans every latest result, 14 ms of 30 for each pass on 500,000).
  const total =
    page.total ??
    (page.ids.length < query.limit && (page.ids.length > 0 || query.offset === 0)
      ? query.offset + page.ids.length
      : ((await countedByRollups(db, tenantIds, query)) ??
        Number((await q.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst())?.n ?? 0)));
  const ids = page.ids;
  const rows = ids.length
    ? await joined(db, tenantIds)
        .where("r.id", "in", ids)
        .select([
          "r.id",
          "r.tenant_id",
          "r.scan_id",
          "s.tool",
          "s.target_kind",
          "s.target_id",
          "s.target_name",
          "s.benchmark_id",
          "s.scanned_at",
          "s.latest",
          "r.control_id",
          "r.title",
          "r.severity",
          "r.result",
          "r.evidence",
          "r.resource_id",
          "r.resource_type",
          "r.region",
          "r.service",
          coveringException(now).as("exception_id"),
        ])
        .execute()
    : [];
  const at = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
  return { rows, total };
}

/**
 * The ids of a page, in the list's order, and the total when finding them told it. The severity
 * sort (the default) reads one severity at a time, most severe first, each in (control, id)
 * order, and stops once the page is full: a page of CIS failures reads the 488 critical
 * failures instead of sorting all 16,463 (SQLite has no index in that order across scans).
 * Every severity read to its end adds its exact count, so when all were, their sum is the total.
 * Not for a text search: its matches are few, so every severity is read to its end, and six
 * reads of a verdict and severity per scan cost twice one read of every result (23 to 47 ms).
 */
async function pageIds(
  db: Db,
  tenantIds: readonly string[],
  query: ComplianceResultsQuery,
  now: number,
): Promise<{ ids: string[]; total: number | null }> {
  if (query.sort !== "severity" || query.severity || query.q) {
    const rows = await orderings[query.sort](filtered(db, tenantIds, query, now))
      .select("r.id")
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    return { ids: rows.map((r) => r.id), total: null };
  }
  const ids: string[] = [];
  let before = 0;
  for (const level of complianceSeverities) {
    const wanted = query.offset + query.limit - before;
    const rows = await filtered(db, tenantIds, query, now, level)
      .orderBy("r.control_id")
      .orderBy("r.id")
      .select("r.id")
      .limit(wanted)
      .execute();
    for (let i = Math.max(0, query.offset - before); i < rows.length; i++) ids.push((rows[i] as { id: string }).id);
    if (rows.length === wanted) return { ids, total: null };
    before += rows.length;
  }
  return { ids, total: before };
}

/** Filters on the scan alone, which the per-scan counts can answer. */
const scanFilters = new Set<keyof ComplianceResultsQuery>(["tenantId", "targetKind", "targetId", "tool"]);
const rollupResults = { pass: "pass", fail: "fail", error: "error" } as const;

/**
 * The total of a latest-results list whose filters the per-scan counts already hold: the scan's
 * own filters, a verdict of pass, fail or error, and a framework (its rollup counts each result
 * once, migration 0022), summed over the matching latest scans instead of counting every
 * matching result again (16,463 CIS failures: 32 ms counted, 1 ms summed). Null for any other
 * filter, which the caller counts.
 */
async function countedByRollups(db: Db, tenantIds: readonly string[], query: ComplianceResultsQuery): Promise<number | null> {
  if (query.scanId || query.history) return null;
  const result = query.result === undefined ? "total" : rollupResults[query.result as keyof typeof rollupResults];
  if (!result) return null;
  for (const [name, value] of Object.entries(query) as [keyof ComplianceResultsQuery, unknown][]) {
    const asked = value !== undefined && value !== "" && !["sort", "limit", "offset", "result", "framework"].includes(name);
    if (asked && !scanFilters.has(name)) return null;
  }
  let scans = db
    .selectFrom("compliance_scans as s")
    .where("s.tenant_id", "in", [...tenantIds])
    .where("s.latest", "=", 1);
  if (query.tenantId) scans = scans.where("s.tenant_id", "=", query.tenantId);
  if (query.targetKind) scans = scans.where("s.target_kind", "=", query.targetKind);
  if (query.targetId) scans = scans.where("s.target_id", "=", query.targetId);
  if (query.tool) scans = scans.where("s.tool", "=", query.tool);
  const row = query.framework
    ? await scans
        .innerJoin("compliance_scan_frameworks as f", "f.scan_id", "s.id")
        .where("f.framework", "=", query.framework)
        .select((eb) => eb.fn.sum<number | string>(`f.${result}`).as("n"))
        .executeTakeFirst()
    : await scans
        .select((eb) => eb.fn.sum<number | string>(result === "total" ? "s.results_count" : `s.${result}_count`).as("n"))
        .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Every row of a filtered list, for CSV: the same filters and order, in pages. */
export async function* allResults(db: Db, tenantIds: readonly string[], query: ComplianceResultsQuery, now: number) {
  const page = 2000;
  for (let offset = 0; ; offset += page) {
    const { rows } = await listResults(db, tenantIds, { ...query, limit: page, offset }, now);
    yield rows;
    if (rows.length < page) return;
  }
}
