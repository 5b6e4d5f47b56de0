import { type ComplianceFramework, type ComplianceResultsQuery, complianceFrameworkLabels } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { csvField } from "../../lib/csv";
import { frameworkRequirements } from "./compliance.repository";
import { allResults, listResults } from "./compliance-results.repository";
import { resultItem } from "./compliance-views.service";

const line = (cells: (string | null | undefined)[]) => `${cells.map(csvField).join(",")}\r\n`;

const columns = [
  "tenant_id",
  "target_kind",
  "target",
  "target_name",
  "tool",
  "benchmark",
  "scanned_at",
  "control_id",
  "title",
  "severity",
  "result",
  "exception_id",
  "resource_id",
  "resource_type",
  "service",
  "region",
  "evidence",
];

function cellsOf(r: ReturnType<typeof resultItem>) {
  return [
    r.tenantId,
    r.targetKind,
    r.targetId,
    r.targetName,
    r.tool,
    r.benchmarkId,
    r.scannedAt,
    r.controlId,
    r.title,
    r.severity,
    r.result,
    r.exceptionId,
    r.resourceId,
    r.resourceType,
    r.service,
    r.region,
    r.evidence,
  ];
}

/** The results list as CSV: the same filters and order, every row (formula-safe fields). */
export async function* exportResultsCsv(ctx: AppContext, tenantIds: readonly string[], query: ComplianceResultsQuery) {
  yield line(columns);
  for await (const rows of allResults(ctx.db, tenantIds, query, ctx.now())) {
    if (rows.length > 0) yield rows.map((r) => line(cellsOf(resultItem(r)))).join("");
  }
}

/** The framework's requirements ("CIS-3.0 1.20") each tool's control speaks to, keyed by tool and control. */
async function requirementsByControl(ctx: AppContext, tenantIds: readonly string[], framework: ComplianceFramework) {
  const requirements = new Map<string, string[]>();
  for (const m of await frameworkRequirements(ctx.db, tenantIds, framework)) {
    const key = JSON.stringify([m.tool, m.control_id]);
    requirements.set(key, [...(requirements.get(key) ?? []), `${m.source} ${m.requirement}`]);
  }
  return requirements;
}

/**
 * A framework's evidence pack: every latest result mapped to it, with the requirements it speaks
 * to (the tools' labels), its status (an excepted result names its exception) and its evidence.
 */
export async function* exportEvidenceCsv(ctx: AppContext, tenantIds: readonly string[], framework: ComplianceFramework) {
  const requirements = await requirementsByControl(ctx, tenantIds, framework);
  yield line(["framework", "requirements", ...columns]);
  const query = { framework, sort: "control", limit: 2000, offset: 0 } as ComplianceResultsQuery;
  for await (const rows of allResults(ctx.db, tenantIds, query, ctx.now())) {
    yield rows
      .map((r) => {
        const item = resultItem(r);
        const reqs = requirements.get(JSON.stringify([item.tool, item.controlId])) ?? [];
        return line([complianceFrameworkLabels[framework], reqs.join("; "), ...cellsOf(item)]);
      })
      .join("");
  }
}

/** How many failing, erroring and excepted results an evidence pack PDF lists (the CSV has them all). */
export const EVIDENCE_PDF_ROWS = 2000;

/**
 * The evidence pack's open and excepted results of one framework (fail and error, most severe
 * first), each with the requirements it speaks to; `more` says how many were left out.
 */
export async function evidenceFindings(ctx: AppContext, tenantIds: readonly string[], framework: ComplianceFramework) {
  const requirements = await requirementsByControl(ctx, tenantIds, framework);
  const items: (ReturnType<typeof resultItem> & { requirements: string[] })[] = [];
  let total = 0;
  for (const result of ["fail", "error"] as const) {
    const query = { framework, result, sort: "severity", limit: EVIDENCE_PDF_ROWS, offset: 0 } as ComplianceResultsQuery;
    const { rows, total: n } = await listResults(ctx.db, tenantIds, query, ctx.now());
    total += n;
    for (const r of rows.slice(0, EVIDENCE_PDF_ROWS - items.length)) {
      const item = resultItem(r);
      items.push({ ...item, requirements: requirements.get(JSON.stringify([item.tool, item.controlId])) ?? [] });
    }
  }
  return { items, more: total - items.length };
}
