import {
  type ComplianceDrift,
  type ComplianceFailingQuery,
  type ComplianceFramework,
  complianceFrameworks,
  compliancePassRate,
  type ComplianceResult,
  type ComplianceScan,
  type ComplianceScansQuery,
  type ComplianceSeverity,
  type ComplianceTargetKind,
} from "@watchfloor/shared";
import type { z } from "zod";
import type {
  complianceFailingSchema,
  complianceFrameworkScoresSchema,
  complianceRequirementScoresSchema,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { ComplianceScansTable } from "../../db/tables";
import { decodeCursor, encodeCursor } from "../../http/cursor";
import { notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { iso } from "../../lib/time";
import { complianceDrift } from "./compliance-drift";
import * as repo from "./compliance.repository";

export function scanView(r: ComplianceScansTable): ComplianceScan {
  const counts = {
    total: r.results_count,
    pass: r.pass_count,
    fail: r.fail_count,
    error: r.error_count,
    notApplicable: r.not_applicable_count,
    manual: r.manual_count,
    notChecked: r.not_checked_count,
  };
  return {
    id: r.id,
    tenantId: r.tenant_id,
    importId: r.import_id,
    tool: r.tool,
    toolVersion: r.tool_version,
    targetKind: r.target_kind as ComplianceScan["targetKind"],
    targetId: r.target_id,
    targetName: r.target_name,
    benchmarkId: r.benchmark_id,
    benchmarkTitle: r.benchmark_title,
    benchmarkVersion: r.benchmark_version,
    scannedAt: iso(Number(r.scanned_at)),
    timeSource: r.time_source === "tool" ? "tool" : "import",
    latest: r.latest === 1,
    counts,
    passRate: compliancePassRate(counts),
    createdAt: iso(Number(r.created_at)),
  };
}

export async function listComplianceScans(
  ctx: AppContext,
  scope: TenantScope,
  query: ComplianceScansQuery,
): Promise<{ items: ComplianceScan[]; nextCursor: string | null }> {
  const before = decodeCursor(query.cursor, "cursor");
  const rows = await repo.listScans(ctx.db, scope.tenantIds, { ...query, before }, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(scanView),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: Number(last.scanned_at), id: last.id }) : null,
  };
}

/** Newly failing, fixed and still failing against the previous scan of the same tool, target and benchmark. */
export async function getComplianceDrift(ctx: AppContext, scope: TenantScope, scanId: string): Promise<ComplianceDrift> {
  const scan = await repo.findScan(ctx.db, scope.tenantIds, scanId);
  if (!scan) throw notFound("Scan");
  const previous = await repo.previousScan(ctx.db, scan);
  const read = async (id: string) =>
    (await repo.scanResults(ctx.db, scan.tenant_id, id)).map((r) => ({
      controlId: r.control_id,
      resourceId: r.resource_id,
      title: r.title,
      severity: r.severity as ComplianceSeverity,
      result: r.result as ComplianceResult,
    }));
  const drift = complianceDrift(previous ? await read(previous.id) : [], await read(scan.id));
  return { scan: scanView(scan), previous: previous ? scanView(previous) : null, ...drift };
}

const score = (c: { pass: number; fail: number; error: number; excepted: number; total: number }) => ({
  pass: c.pass,
  fail: c.fail,
  error: c.error,
  excepted: c.excepted,
  other: c.total - c.pass - c.fail - c.error - c.excepted,
  passRate: compliancePassRate(c),
});

/** Pass rate per framework over the latest scans, through the mappings the tools shipped; each result counts once per framework. */
export async function frameworkScores(
  ctx: AppContext,
  scope: TenantScope,
  targetKind?: ComplianceTargetKind,
): Promise<z.output<typeof complianceFrameworkScoresSchema>> {
  const [totals, requirements] = await Promise.all([
    repo.frameworkResultCounts(ctx.db, scope.tenantIds, ctx.now(), targetKind),
    repo.requirementCounts(ctx.db, scope.tenantIds, ctx.now(), undefined, targetKind),
  ]);
  const items = complianceFrameworks.flatMap((framework) => {
    const mine = totals.filter((r) => r.framework === framework);
    if (mine.length === 0) return [];
    const n = (result: string) => mine.filter((r) => r.result === result).reduce((a, r) => a + r.n, 0);
    const sum = {
      pass: n("pass"),
      fail: n("fail"),
      error: n("error"),
      excepted: n("excepted"),
      total: mine.reduce((a, r) => a + r.n, 0),
    };
    const reqs = requirements.filter((r) => r.framework === framework);
    return [
      {
        framework,
        sources: [...new Set(reqs.map((r) => r.source))].sort(),
        requirements: reqs.length,
        requirementsFailing: reqs.filter((r) => r.fail + r.error > 0).length,
        ...score(sum),
      },
    ];
  });
  return { items };
}

/**
 * Pass rate per requirement of one framework, keyed by the tool's label and the requirement id:
 * "1.20" of CIS AWS 1.4 and of CIS AWS 3.0 (or of another CIS benchmark) are different requirements.
 */
export async function requirementScores(
  ctx: AppContext,
  scope: TenantScope,
  framework: ComplianceFramework,
  targetKind?: ComplianceTargetKind,
): Promise<z.output<typeof complianceRequirementScoresSchema>> {
  const rows = await repo.requirementCounts(ctx.db, scope.tenantIds, ctx.now(), framework, targetKind);
  const items = rows.map((r) => ({ source: r.source, requirement: r.requirement, controls: r.controls, ...score(r) }));
  items.sort(
    (a, b) =>
      a.source.localeCompare(b.source, "en", { numeric: true }) ||
      a.requirement.localeCompare(b.requirement, "en", { numeric: true }),
  );
  return { framework, items };
}

const severities: ComplianceSeverity[] = ["unknown", "info", "low", "medium", "high", "critical"];

export async function failingControls(
  ctx: AppContext,
  scope: TenantScope,
  query: ComplianceFailingQuery,
): Promise<z.output<typeof complianceFailingSchema>> {
  const { rows, total } = await repo.failingControls(ctx.db, scope.tenantIds, query, ctx.now());
  return {
    items: rows.map((r) => ({
      tool: r.tool,
      controlId: r.controlId,
      title: r.title,
      severity: severities[r.rank] ?? "unknown",
      failing: r.failing,
      excepted: r.excepted,
      targets: r.targets,
    })),
    total,
  };
}
