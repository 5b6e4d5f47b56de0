import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { ComplianceResultsQuery } from "@watchfloor/shared";
import { containsAny } from "../../db/like";
import type { DB } from "../../db/tables";
import { type BreakdownDimension, dimensionColumns } from "./compliance-breakdowns.repository";
import { coveredByException, coveringException } from "./compliance-exceptions.repository";

type Db = Kysely<DB>;
type Joined = SelectQueryBuilder<DB & { r: DB["compliance_results"]; s: DB["compliance_scans"] }, "r" | "s", object>;

export const severityRank = sql<number>`(case r.severity when 'critical' then 5 when 'high' then 4 when 'medium' then 3 when 'low' then 2 when 'info' then 1 else 0 end)`;

/**
 * Results joined to their scans, scoped through the scan's tenant (a result's tenant is always
 * its scan's). No filter on the results' own tenant: with one, SQLite's planner starts from the
 * results and walks every result of the tenants before it finds the latest scans.
 */
function joined(db: Db, tenantIds: readonly string[]): Joined {
  return db
    .selectFrom("compliance_scans as s")
    .innerJoin("compliance_results as r", "r.scan_id", "s.id")
    .where("s.tenant_id", "in", [...tenantIds]) as unknown as Joined;
}

function mappedTo(q: Joined, framework: string): Joined {
  return q.where((eb) =>
    eb.exists(
      eb
        .selectFrom("compliance_mappings as m")
        .select("m.control_id")
        .whereRef("m.tenant_id", "=", "s.tenant_id")
        .whereRef("m.tool", "=", "s.tool")
        .whereRef("m.control_id", "=", "r.control_id")
        .where("m.framework", "=", framework),
    ),
  );
}

/** Latest scans of the tenants in scope (the targets list sums them: no result is read). */
export async function latestScans(db: Db, tenantIds: readonly string[], targetKind?: string) {
  if (tenantIds.length === 0) return [];
  let q = db
    .selectFrom("compliance_scans")
    .select([
      "id",
      "tenant_id",
      "tool",
      "target_kind",
      "target_id",
      "target_name",
      "benchmark_id",
      "benchmark_title",
      "scanned_at",
      "results_count",
      "pass_count",
      "fail_count",
      "error_count",
      "fail_severity",
    ])
    .where("tenant_id", "in", [...tenantIds])
    .where("latest", "=", 1);
  if (targetKind) q = q.where("target_kind", "=", targetKind);
  return q.execute();
}

function filtered(db: Db, tenantIds: readonly string[], query: ComplianceResultsQuery, now: number): Joined {
  let q = joined(db, tenantIds);
  if (query.scanId) q = q.where("s.id", "=", query.scanId);
  else if (!query.history) q = q.where("s.latest", "=", 1);
  if (query.tenantId) q = q.where("s.tenant_id", "=", query.tenantId);
  if (query.targetKind) q = q.where("s.target_kind", "=", query.targetKind);
  if (query.targetId) q = q.where("s.target_id", "=", query.targetId);
  if (query.tool) q = q.where("s.tool", "=", query.tool);
  if (query.controlId) q = q.where("r.control_id", "=", query.controlId);
  if (query.result) q = q.where("r.result", "=", query.result);
  if (query.severity) q = q.where("r.severity", "=", query.severity);
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
  const page = await orderings[query.sort](q).select("r.id").limit(query.limit).offset(query.offset).execute();
  // A page that is not full ends the list, so it also tells the total: no second pass over the
  // matches (a text search scans every latest result, 14 ms of 30 for each pass on 500,000).
  const total =
    page.length < query.limit && (page.length > 0 || query.offset === 0)
      ? query.offset + page.length
      : ((await countedByRollups(db, tenantIds, query)) ??
        Number((await q.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst())?.n ?? 0));
  const ids = page.map((r) => r.id);
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

/** What one control checks: its newest text, and its mappings (the tool's, per tenant). */
export async function controlText(db: Db, tenantIds: readonly string[], tool: string, controlId: string) {
  if (tenantIds.length === 0) return undefined;
  return joined(db, tenantIds)
    .where("s.tool", "=", tool)
    .where("r.control_id", "=", controlId)
    .select(["r.title", "r.severity", "r.rationale", "r.remediation"])
    .orderBy("s.scanned_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function controlMappings(db: Db, tenantIds: readonly string[], tool: string, controlId: string) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("compliance_mappings")
    .select(["source", "framework", "requirement"])
    .distinct()
    .where("tenant_id", "in", [...tenantIds])
    .where("tool", "=", tool)
    .where("control_id", "=", controlId)
    .orderBy("source")
    .orderBy("requirement")
    .execute();
}

/** Counts by verdict (excepted apart) over the latest results, grouped by `key` (null: one group). */
export async function tallies(
  db: Db,
  tenantIds: readonly string[],
  now: number,
  options: {
    key?: BreakdownDimension;
    targetKind?: string;
    framework?: string;
    tool?: string;
    controlId?: string;
    /** Which distinct counts to make: resources, or targets and tenants (the others come back 0). */
    spread: "resources" | "targets";
  },
) {
  if (tenantIds.length === 0) return [];
  let q = joined(db, tenantIds).where("s.latest", "=", 1);
  if (options.targetKind) q = q.where("s.target_kind", "=", options.targetKind);
  if (options.tool) q = q.where("s.tool", "=", options.tool);
  if (options.controlId) q = q.where("r.control_id", "=", options.controlId);
  if (options.framework) q = mappedTo(q, options.framework);
  const key = options.key ? dimensionColumns[options.key] : sql<string | null>`null`;
  const covered = coveredByException(now);
  const tallied = q.select((eb) => [
    key.as("key"),
    eb.fn.sum<number>(sql`case when r.result = 'pass' then 1 else 0 end`).as("pass"),
    eb.fn.sum<number>(sql`case when r.result = 'fail' and ${covered} = 0 then 1 else 0 end`).as("fail"),
    eb.fn.sum<number>(sql`case when r.result = 'error' and ${covered} = 0 then 1 else 0 end`).as("error"),
    eb.fn.sum<number>(covered).as("excepted"),
    eb.fn.countAll<number>().as("total"),
    // Distinct counts cost a sort of every row each: only the ones the caller shows are made
    // (a breakdown shows resources, a control its targets and tenants).
    options.spread === "resources"
      ? eb.fn
          .count<number>(
            sql`distinct s.tenant_id || ' ' || s.target_kind || ' ' || s.target_id || ' ' || coalesce(r.resource_id, s.target_id)`,
          )
          .as("resources")
      : sql<number>`0`.as("resources"),
    options.spread === "targets"
      ? eb.fn.count<number>(sql`distinct s.tenant_id || ' ' || s.target_id`).as("targets")
      : sql<number>`0`.as("targets"),
    options.spread === "targets" ? eb.fn.count<number>(sql`distinct s.tenant_id`).as("tenants") : sql<number>`0`.as("tenants"),
  ]);
  // PostgreSQL refuses GROUP BY a constant: without a key, the whole set is one group anyway.
  const rows = await (options.key ? tallied.groupBy(key) : tallied).execute();
  return rows.map((r) => ({
    key: r.key,
    pass: Number(r.pass ?? 0),
    fail: Number(r.fail ?? 0),
    error: Number(r.error ?? 0),
    excepted: Number(r.excepted ?? 0),
    total: Number(r.total ?? 0),
    resources: Number(r.resources ?? 0),
    targets: Number(r.targets ?? 0),
    tenants: Number(r.tenants ?? 0),
  }));
}

const DAY_MS = 86_400_000;

/**
 * The trend's changes per UTC day (days since 1970) up to `until`: each scan adds its counts on
 * its day and takes them back on the day the next scan of the same tool, target and benchmark
 * comes, so summing the days up to D gives the scans that were latest at the end of D. Rows
 * grow with the days that had scans, not with the scans (a daily scanner over a year is 365
 * scans per target). Ties in time go to the later id, as the latest flag does.
 */
export async function trendChanges(db: Db, tenantIds: readonly string[], until: number, targetKind?: string) {
  if (tenantIds.length === 0) return [];
  const kind = targetKind ? sql`and target_kind = ${targetKind}` : sql``;
  const { rows } = await sql<{ day: number | string; pass: number | string; fail: number | string; error: number | string }>`
    with s as (
      select scanned_at, pass_count, fail_count, error_count,
        lead(scanned_at) over (
          partition by tenant_id, tool, target_kind, target_id, benchmark_id order by scanned_at, id
        ) as next_at
      from compliance_scans
      where tenant_id in (${sql.join([...tenantIds])}) and scanned_at <= ${until} ${kind}
    ), changes as (
      select scanned_at / ${sql.lit(DAY_MS)} as day, pass_count as pass, fail_count as fail, error_count as error from s
      union all
      select next_at / ${sql.lit(DAY_MS)}, -pass_count, -fail_count, -error_count from s where next_at is not null
    )
    select day, sum(pass) as pass, sum(fail) as fail, sum(error) as error from changes group by day order by day`.execute(db);
  return rows.map((r) => ({ day: Number(r.day), pass: Number(r.pass), fail: Number(r.fail), error: Number(r.error) }));
}

/** How many targets of the tenants in scope had their first scan on each UTC day up to `until`. */
export async function targetsFirstScanned(db: Db, tenantIds: readonly string[], until: number, targetKind?: string) {
  if (tenantIds.length === 0) return [];
  let firsts = db
    .selectFrom("compliance_scans")
    .select(sql<number>`min(scanned_at) / ${sql.lit(DAY_MS)}`.as("day"))
    .where("tenant_id", "in", [...tenantIds])
    .where("scanned_at", "<=", until);
  if (targetKind) firsts = firsts.where("target_kind", "=", targetKind);
  const rows = await db
    .selectFrom(firsts.groupBy(["tenant_id", "target_kind", "target_id"]).as("f"))
    .select((eb) => ["f.day", eb.fn.countAll<number>().as("n")])
    .groupBy("f.day")
    .orderBy("f.day")
    .execute();
  return rows.map((r) => ({ day: Number(r.day), n: Number(r.n) }));
}
