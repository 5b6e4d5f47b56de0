import {
  type ComplianceDrift,
  compliancePassRate,
  type ComplianceResult,
  type ComplianceScan,
  type ComplianceScansQuery,
  type ComplianceSeverity,
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
