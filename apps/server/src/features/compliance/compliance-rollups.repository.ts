import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../../db/tables";
import { refreshTargetBreakdowns } from "./compliance-breakdowns.repository";
import { refreshFailingTotals } from "./compliance-failing-totals.repository";
import { latestUnderException } from "./compliance-exceptions.repository";
import { controlMapsTo, severityRank as resultSeverityRank } from "./compliance-results.repository";

type Db = Kysely<DB> | Transaction<DB>;

const severityRank = sql<number>`max(${resultSeverityRank})`;

/** The four rollup counts summed, under their own names (of `alias`'s columns when given). */
const summedCounts = (alias?: string) =>
  (["pass", "fail", "error", "total"] as const).map((c) => sql<number>`sum(${sql.ref(alias ? `${alias}.${c}` : c)})`.as(c));

/**
 * Writes the rollups of these scans afresh (migration 0022): per framework (each result once),
 * per framework requirement, and failing results per control; then the breakdowns of their
 * targets and the tenant's requirement and failing totals. Runs in the import's transaction.
 */
export async function rebuildRollups(trx: Transaction<DB>, tenantId: string, scanIds: readonly string[]): Promise<void> {
  // In slices: a file of many accounts or nodes holds many scans, and statements have a parameter limit.
  for (let i = 0; i < scanIds.length; i += 200) await rebuildSlice(trx, tenantId, scanIds.slice(i, i + 200));
  await refreshTargetBreakdowns(trx, tenantId, scanIds);
  await refreshRequirementTotals(trx, tenantId);
  await refreshFailingTotals(trx, tenantId);
}

/**
 * Rewrites the tenant's requirement totals (migration 0040) from the requirement rollups of its
 * latest scans. Runs last in every import that wrote rollups or moved the latest flag, in its
 * transaction, so readers never see totals of another moment than the rollups'. A whole tenant
 * at a time (some 37,000 rollup rows for the largest tenant of the benchmark) rather than by
 * difference: one statement that cannot drift from the rows it sums.
 */
export async function refreshRequirementTotals(trx: Transaction<DB>, tenantId: string): Promise<void> {
  await trx.deleteFrom("compliance_requirement_totals").where("tenant_id", "=", tenantId).execute();
  await trx
    .insertInto("compliance_requirement_totals")
    .columns(["tenant_id", "target_kind", "framework", "source", "requirement", "pass", "fail", "error", "total"])
    .expression(
      trx
        .selectFrom("compliance_scan_requirements")
        .select(["tenant_id", "target_kind", "framework", "source", "requirement", ...summedCounts()])
        .where("tenant_id", "=", tenantId)
        .where("latest", "=", 1)
        .groupBy(["tenant_id", "target_kind", "framework", "source", "requirement"]),
    )
    .execute();
}

/**
 * The results of these scans counted per verdict, severity and control: read in the order of
 * the results' cover index (scan, result, severity, control: migration 0023), so the grouping
 * streams and nothing is sorted. The framework rollups join these counts, some hundreds of rows a
 * scan, to the mappings; joining every result to every mapping of its control first had SQLite
 * sort millions of rows (200,000 Prowler results), with up to the page cache's 64 MiB of memory.
 */
function perControl(trx: Transaction<DB>, ids: string[]) {
  return trx
    .selectFrom("compliance_results as r")
    .select(["r.scan_id", "r.result", "r.severity", "r.control_id", sql<number>`count(*)`.as("n")])
    .where("r.scan_id", "in", ids)
    .groupBy(["r.scan_id", "r.result", "r.severity", "r.control_id"]);
}

/** Sums of a per-control count `n` by verdict, under the rollup's column names. */
const countedVerdicts = [
  ...(["pass", "fail", "error"] as const).map((v) => sql<number>`sum(case when c.result = ${v} then c.n else 0 end)`.as(v)),
  sql<number>`sum(c.n)`.as("total"),
];

async function rebuildSlice(trx: Transaction<DB>, tenantId: string, ids: string[]): Promise<void> {
  for (const table of ["compliance_scan_frameworks", "compliance_scan_requirements", "compliance_scan_failing"] as const)
    await trx.deleteFrom(table).where("scan_id", "in", ids).execute();
  const counted = trx.selectFrom(perControl(trx, ids).as("c")).innerJoin("compliance_scans as s", "s.id", "c.scan_id");
  // Each result once per framework, however many of its requirements its control maps to.
  const frameworksOfControls = trx
    .selectFrom("compliance_mappings")
    .select(["tenant_id", "tool", "control_id", "framework"])
    .distinct()
    .where("tenant_id", "=", tenantId)
    .where("framework", "is not", null)
    .as("f");
  const perFramework = counted
    .innerJoin(frameworksOfControls, (join) =>
      join.onRef("f.tenant_id", "=", "s.tenant_id").onRef("f.tool", "=", "s.tool").onRef("f.control_id", "=", "c.control_id"),
    )
    .select(["c.scan_id", "s.tenant_id", sql<string>`f.framework`.as("framework"), ...countedVerdicts])
    .groupBy(["c.scan_id", "s.tenant_id", "f.framework"]);
  await trx
    .insertInto("compliance_scan_frameworks")
    .columns(["scan_id", "tenant_id", "framework", "pass", "fail", "error", "total"])
    .expression(perFramework)
    .execute();
  const perRequirement = counted
    .innerJoin("compliance_mappings as m", (join) =>
      join.onRef("m.tenant_id", "=", "s.tenant_id").onRef("m.tool", "=", "s.tool").onRef("m.control_id", "=", "c.control_id"),
    )
    .where("m.framework", "is not", null)
    .select([
      "c.scan_id",
      "s.tenant_id",
      sql<string>`m.framework`.as("framework"),
      "m.source",
      "m.requirement",
      "s.latest",
      "s.target_kind",
      ...countedVerdicts,
    ])
    .groupBy(["c.scan_id", "s.tenant_id", "m.framework", "m.source", "m.requirement", "s.latest", "s.target_kind"]);
  await trx
    .insertInto("compliance_scan_requirements")
    .columns([
      "scan_id",
      "tenant_id",
      "framework",
      "source",
      "requirement",
      "latest",
      "target_kind",
      "pass",
      "fail",
      "error",
      "total",
    ])
    .expression(perRequirement)
    .execute();
  // Failing results per severity and control first, in the cover index's order (no sort of
  // every failing result), then per control: a control a scan gave two severities ranks highest.
  const failingPerSeverity = trx
    .selectFrom("compliance_results as r")
    .where("r.scan_id", "in", ids)
    .where("r.result", "=", "fail")
    .select((eb) => [
      "r.scan_id",
      "r.control_id",
      eb.fn.max("r.title").as("title"),
      severityRank.as("severity_rank"),
      eb.fn.countAll<number>().as("failing"),
    ])
    .groupBy(["r.scan_id", "r.severity", "r.control_id"]);
  const failing = trx
    .selectFrom(failingPerSeverity.as("f"))
    .innerJoin("compliance_scans as s", "s.id", "f.scan_id")
    .select((eb) => [
      "f.scan_id",
      "s.tenant_id",
      "s.tool",
      "f.control_id",
      eb.fn.max("f.title").as("title"),
      eb.fn.max("f.severity_rank").as("severity_rank"),
      eb.fn.sum<number>("f.failing").as("failing"),
    ])
    .groupBy(["f.scan_id", "s.tenant_id", "s.tool", "f.control_id"]);
  await trx
    .insertInto("compliance_scan_failing")
    .columns(["scan_id", "tenant_id", "tool", "control_id", "title", "severity_rank", "failing"])
    .expression(failing)
    .execute();
}

/** Latest scans of the tenant with results for these controls of a tool (whose mappings just grew). */
export async function latestScansWithControls(trx: Db, tenantId: string, tool: string, controlIds: readonly string[]) {
  const found = new Set<string>();
  for (let i = 0; i < controlIds.length; i += 500) {
    const rows = await trx
      .selectFrom("compliance_results as r")
      .innerJoin("compliance_scans as s", "s.id", "r.scan_id")
      .select("r.scan_id")
      .distinct()
      .where("r.tenant_id", "=", tenantId)
      .where("r.control_id", "in", controlIds.slice(i, i + 500))
      .where("s.tool", "=", tool)
      .where("s.latest", "=", 1)
      .execute();
    for (const r of rows) found.add(r.scan_id);
  }
  return [...found];
}

/** Framework rollups summed over the latest scans in scope. */
export async function frameworkTotals(db: Db, tenantIds: readonly string[], targetKind?: string) {
  if (tenantIds.length === 0) return [];
  let q = db
    .selectFrom("compliance_scan_frameworks as f")
    .innerJoin("compliance_scans as s", "s.id", "f.scan_id")
    .where("s.tenant_id", "in", [...tenantIds])
    .where("s.latest", "=", 1);
  if (targetKind) q = q.where("s.target_kind", "=", targetKind);
  const rows = await q
    .select(["f.framework", ...summedCounts("f")])
    .groupBy("f.framework")
    .execute();
  return rows.map((r) => ({
    framework: r.framework,
    pass: Number(r.pass),
    fail: Number(r.fail),
    error: Number(r.error),
    total: Number(r.total),
  }));
}

/** Requirement totals of the latest scans in scope (migration 0040: per tenant and kind of target, summed here). */
export async function requirementTotals(db: Db, tenantIds: readonly string[], framework?: string, targetKind?: string) {
  if (tenantIds.length === 0) return [];
  let q = db.selectFrom("compliance_requirement_totals as q").where("q.tenant_id", "in", [...tenantIds]);
  if (framework) q = q.where("q.framework", "=", framework);
  if (targetKind) q = q.where("q.target_kind", "=", targetKind);
  const rows = await q
    .select(["q.framework", "q.source", "q.requirement", ...summedCounts("q")])
    .groupBy(["q.framework", "q.source", "q.requirement"])
    .execute();
  return rows.map((r) => ({
    framework: r.framework,
    source: r.source,
    requirement: r.requirement,
    pass: Number(r.pass),
    fail: Number(r.fail),
    error: Number(r.error),
    total: Number(r.total),
  }));
}

/** Controls the tools map to each requirement of a framework, in scope. */
export async function mappedControls(db: Db, tenantIds: readonly string[], framework: string) {
  if (tenantIds.length === 0) return [];
  const rows = await db
    .selectFrom("compliance_mappings")
    .select((eb) => ["source", "requirement", eb.fn.count<number>(sql`distinct tool || ' ' || control_id`).as("controls")])
    .where("tenant_id", "in", [...tenantIds])
    .where("framework", "=", framework)
    .groupBy(["source", "requirement"])
    .execute();
  return rows.map((r) => ({ source: r.source, requirement: r.requirement, controls: Number(r.controls) }));
}

/**
 * Failing and erroring results of the latest scans under an active exception, with the framework
 * requirements they map to (one row per result and requirement; a result without a scored
 * mapping comes once with null framework). Exceptions are few: this reads through them.
 */
export async function exceptedResults(db: Db, tenantIds: readonly string[], now: number, targetKind?: string) {
  if (tenantIds.length === 0) return [];
  const q = latestUnderException(db, tenantIds, now, targetKind).leftJoin("compliance_mappings as m", (join) =>
    join
      .onRef("m.tenant_id", "=", "r.tenant_id")
      .onRef("m.tool", "=", "s.tool")
      .onRef("m.control_id", "=", "r.control_id")
      .on("m.framework", "is not", null),
  );
  return q
    .select([
      "r.id",
      "r.scan_id",
      "r.result",
      "r.severity",
      "s.tool",
      "r.control_id",
      "s.tenant_id",
      "s.target_id",
      "m.framework",
      "m.source",
      "m.requirement",
    ])
    .distinct()
    .execute();
}

type FailingFilter = {
  targetKind?: string;
  framework?: string;
  severityRank?: number;
  controls?: { tool: string; controlId: string }[];
};

/** The failing-controls rollup of the latest scans in scope, filtered. */
function failingRows(db: Db, tenantIds: readonly string[], filter: FailingFilter) {
  let q = db
    .selectFrom("compliance_scan_failing as f")
    .innerJoin("compliance_scans as s", "s.id", "f.scan_id")
    .where("s.tenant_id", "in", [...tenantIds])
    .where("s.latest", "=", 1);
  if (filter.targetKind) q = q.where("s.target_kind", "=", filter.targetKind);
  if (filter.severityRank !== undefined) q = q.where("f.severity_rank", "=", filter.severityRank);
  const controls = filter.controls;
  if (controls) q = q.where("f.control_id", "in", [...new Set(controls.map((c) => c.controlId))]);
  if (filter.framework)
    q = q.where(controlMapsTo(filter.framework, { tenant: "f.tenant_id", tool: "f.tool", control: "f.control_id" }));
  return q;
}

/** The failing rollup per latest scan, for a few controls (those an exception touches). */
export async function failingPerScan(db: Db, tenantIds: readonly string[], filter: FailingFilter) {
  if (tenantIds.length === 0 || filter.controls?.length === 0) return [];
  return failingRows(db, tenantIds, filter)
    .select(["f.scan_id", "f.tool", "f.control_id", "f.failing", "s.tenant_id", "s.target_id"])
    .execute();
}
