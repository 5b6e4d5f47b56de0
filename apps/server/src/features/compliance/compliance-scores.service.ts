import {
  type ComplianceFailingQuery,
  type ComplianceFramework,
  complianceFrameworks,
  type ComplianceSeverity,
  type ComplianceTargetKind,
  type complianceFailingSchema,
  type complianceFrameworkScoresSchema,
  type complianceRequirementScoresSchema,
} from "@watchfloor/shared";
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { TenantScope } from "../../http/policy";
import { iso } from "../../lib/time";
import { ALERT_WINDOW_DAYS, matchAlertTags } from "./compliance-alerts";
import { alertFrameworkCounts, alertTagCounts } from "./compliance-alerts.repository";
import { failingTotals } from "./compliance-failing-totals.repository";
import * as rollups from "./compliance-rollups.repository";
import { tallyOf } from "./compliance-views.service";

/**
 * Scores and failing controls over the latest scans, from the per-scan rollups (migration 0022):
 * the rollups count every failing result; the few under an active exception are then moved from
 * fail (or error) to excepted, so an exception takes effect, and ends, without rewriting rollups.
 */

type Counts = { pass: number; fail: number; error: number; excepted: number; total: number };

const score = tallyOf;

/** Requirement ids in natural order ("1.2" before "1.10"). One collator: localeCompare with options builds one per call. */
const natural = new Intl.Collator("en", { numeric: true }).compare;

/** Start of the alert-activity window. */
const alertsSince = (ctx: AppContext) => ctx.now() - ALERT_WINDOW_DAYS * 86_400_000;

/** Moves one excepted result out of fail or error. */
function except(c: Counts, result: string) {
  if (result === "fail") c.fail--;
  else c.error--;
  c.excepted++;
}

const requirementKey = (framework: string, source: string, requirement: string) =>
  JSON.stringify([framework, source, requirement]);

/** Requirement counts of the latest scans with exceptions applied, keyed by framework, label and requirement. */
async function requirementCounts(ctx: AppContext, scope: TenantScope, framework?: string, targetKind?: string) {
  const [rows, excepted] = await Promise.all([
    rollups.requirementTotals(ctx.db, scope.tenantIds, framework, targetKind),
    rollups.exceptedResults(ctx.db, scope.tenantIds, ctx.now(), targetKind),
  ]);
  const counts = new Map(rows.map((r) => [requirementKey(r.framework, r.source, r.requirement), { ...r, excepted: 0 }]));
  for (const e of excepted) {
    if (!e.framework || !e.source || !e.requirement) continue;
    const c = counts.get(requirementKey(e.framework, e.source, e.requirement));
    if (c) except(c, e.result);
  }
  return { counts: [...counts.values()], excepted };
}

/** Pass rate per framework over the latest scans, through the mappings the tools shipped; each result counts once per framework. */
export async function frameworkScores(
  ctx: AppContext,
  scope: TenantScope,
  targetKind?: ComplianceTargetKind,
): Promise<z.output<typeof complianceFrameworkScoresSchema>> {
  const [totals, { counts: requirements, excepted }, alerts] = await Promise.all([
    rollups.frameworkTotals(ctx.db, scope.tenantIds, targetKind),
    requirementCounts(ctx, scope, undefined, targetKind),
    alertFrameworkCounts(ctx.db, scope.tenantIds, alertsSince(ctx)),
  ]);
  const alertsOf = new Map(alerts.map((a) => [a.framework, a.alerts]));
  const byFramework = new Map(totals.map((t) => [t.framework, { ...t, excepted: 0 }]));
  // A result counts once per framework, however many of its requirements it maps to.
  const seen = new Set<string>();
  for (const e of excepted) {
    if (!e.framework || seen.has(`${e.framework} ${e.id}`)) continue;
    seen.add(`${e.framework} ${e.id}`);
    const c = byFramework.get(e.framework);
    if (c) except(c, e.result);
  }
  const items = complianceFrameworks.flatMap((framework) => {
    const sum = byFramework.get(framework);
    if (!sum) return [];
    const reqs = requirements.filter((r) => r.framework === framework);
    return [
      {
        framework,
        sources: [...new Set(reqs.map((r) => r.source))].sort(),
        requirements: reqs.length,
        requirementsFailing: reqs.filter((r) => r.fail + r.error > 0).length,
        alerts: alertsOf.get(framework) ?? 0,
        ...score(sum),
      },
    ];
  });
  const alertOnly = complianceFrameworks
    .filter((framework) => !byFramework.has(framework) && (alertsOf.get(framework) ?? 0) > 0)
    .map((framework) => ({ framework, alerts: alertsOf.get(framework) ?? 0 }));
  return { items, alertWindowDays: ALERT_WINDOW_DAYS, alertOnly };
}

/**
 * Pass rate per requirement of one framework, keyed by the tool's label and the requirement id:
 * "1.20" of CIS AWS 1.4 and of CIS AWS 3.0 (or of another CIS benchmark) are different
 * requirements. `controls`: the controls the tools map to it.
 */
export async function requirementScores(
  ctx: AppContext,
  scope: TenantScope,
  framework: ComplianceFramework,
  targetKind?: ComplianceTargetKind,
): Promise<z.output<typeof complianceRequirementScoresSchema>> {
  const [{ counts }, controls, tagRows] = await Promise.all([
    requirementCounts(ctx, scope, framework, targetKind),
    rollups.mappedControls(ctx.db, scope.tenantIds, framework),
    alertTagCounts(ctx.db, scope.tenantIds, alertsSince(ctx), framework),
  ]);
  const mapped = new Map(controls.map((c) => [`${c.source} ${c.requirement}`, c.controls]));
  const tags = tagRows
    .map((t) => ({ requirement: t.requirement, alerts: t.alerts, lastAlertAt: iso(t.lastAt) }))
    .sort((a, b) => natural(a.requirement, b.requirement));
  const { byRequirement, unmatched } = matchAlertTags(
    counts.map((r) => r.requirement),
    tags,
  );
  const items = counts.map((r) => ({
    source: r.source,
    requirement: r.requirement,
    controls: mapped.get(`${r.source} ${r.requirement}`) ?? 0,
    alertTags: byRequirement.get(r.requirement) ?? [],
    ...score(r),
  }));
  items.sort((a, b) => natural(a.source, b.source) || natural(a.requirement, b.requirement));
  return { framework, items, alertWindowDays: ALERT_WINDOW_DAYS, alertOnly: unmatched };
}

const severities: ComplianceSeverity[] = ["unknown", "info", "low", "medium", "high", "critical"];

/** Controls failing in the latest scans, most severe and widespread first; failures under an exception are counted apart. */
export async function failingControls(
  ctx: AppContext,
  scope: TenantScope,
  query: ComplianceFailingQuery,
): Promise<z.output<typeof complianceFailingSchema>> {
  const filter = {
    targetKind: query.targetKind,
    framework: query.framework,
    severityRank: query.severity ? severities.indexOf(query.severity) : undefined,
  };
  const [totals, excepted] = await Promise.all([
    failingTotals(ctx.db, scope.tenantIds, filter),
    rollups.exceptedResults(ctx.db, scope.tenantIds, ctx.now(), query.targetKind),
  ]);
  const controlKey = (tool: string, controlId: string) => JSON.stringify([tool, controlId]);
  // Excepted failures per control and per scan (each result once, whatever it maps to).
  const exceptedFails = new Map<string, Map<string, number>>();
  const seen = new Set<string>();
  for (const e of excepted) {
    if (e.result !== "fail" || seen.has(e.id)) continue;
    seen.add(e.id);
    const perScan = exceptedFails.get(controlKey(e.tool, e.control_id)) ?? new Map<string, number>();
    perScan.set(e.scan_id, (perScan.get(e.scan_id) ?? 0) + 1);
    exceptedFails.set(controlKey(e.tool, e.control_id), perScan);
  }
  const touched = totals.filter((t) => exceptedFails.has(controlKey(t.tool, t.controlId)));
  const perScan = await rollups.failingPerScan(ctx.db, scope.tenantIds, {
    ...filter,
    controls: touched.map((t) => ({ tool: t.tool, controlId: t.controlId })),
  });
  const items = totals
    .map((t) => {
      const covered = exceptedFails.get(controlKey(t.tool, t.controlId));
      if (!covered) return { ...t, excepted: 0 };
      const scans = perScan.filter((p) => p.tool === t.tool && p.control_id === t.controlId);
      const stillFailing = new Set(
        scans.filter((p) => p.failing - (covered.get(p.scan_id) ?? 0) > 0).map((p) => `${p.tenant_id} ${p.target_id}`),
      );
      const excepted = scans.reduce((n, p) => n + (covered.get(p.scan_id) ?? 0), 0);
      return { ...t, failing: t.failing - excepted, excepted, targets: stillFailing.size };
    })
    // A control whose every failure is excepted is not failing.
    .filter((t) => t.failing > 0);
  // Ties in code-point order, as the database sorted them.
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  items.sort((a, b) => b.rank - a.rank || b.failing - a.failing || byText(a.tool, b.tool) || byText(a.controlId, b.controlId));
  return {
    items: items.slice(query.offset, query.offset + query.limit).map((r) => ({
      tool: r.tool,
      controlId: r.controlId,
      title: r.title,
      severity: severities[r.rank] ?? "unknown",
      failing: r.failing,
      excepted: r.excepted,
      targets: r.targets,
    })),
    total: items.length,
  };
}
