import {
  type ComplianceControl,
  type ComplianceFramework,
  compliancePassRate,
  type ComplianceResult,
  type ComplianceResultItem,
  type ComplianceResultsQuery,
  type ComplianceSeverity,
  complianceSeverities,
  complianceSeverityOf,
  complianceStaleDays,
  type ComplianceTarget,
  type ComplianceTargetKind,
  type ComplianceTargetsQuery,
  type complianceBreakdownSchema,
  type complianceTrendSchema,
} from "@watchfloor/shared";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { assertTenantInScope } from "../../http/tenant-scope";
import { iso } from "../../lib/time";
import { type BreakdownDimension, breakdownTotals, exceptedByKey } from "./compliance-breakdowns.repository";
import { exceptedResults } from "./compliance-rollups.repository";
import * as results from "./compliance-results.repository";
import * as repo from "./compliance-views.repository";

const DAY = 86_400_000;
type Counts = { pass: number; fail: number; error: number; excepted: number; total: number };

/** pass, open fail and error, excepted, and the rest (not applicable, manual, not checked). */
export function tallyOf(c: Counts) {
  return {
    pass: c.pass,
    fail: c.fail,
    error: c.error,
    excepted: c.excepted,
    other: c.total - c.pass - c.fail - c.error - c.excepted,
    passRate: compliancePassRate(c),
  };
}

const noSeverities = () => Object.fromEntries(complianceSeverities.map((s) => [s, 0])) as Record<ComplianceSeverity, number>;

/**
 * Hosts, cloud accounts and clusters with the sum of their latest scans (one per tool and
 * benchmark). Results under an active exception move from fail (or error) to excepted.
 */
export async function listTargets(ctx: AppContext, scope: TenantScope, query: ComplianceTargetsQuery) {
  const now = ctx.now();
  const [scans, excepted] = await Promise.all([
    repo.latestScans(ctx.db, scope.tenantIds, query.targetKind),
    exceptedResults(ctx.db, scope.tenantIds, now, query.targetKind),
  ]);
  // One row per excepted result (the read repeats a result for each requirement it maps to).
  const exceptedByScan = new Map<string, typeof excepted>();
  const seen = new Set<string>();
  for (const e of excepted) {
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    exceptedByScan.set(e.scan_id, [...(exceptedByScan.get(e.scan_id) ?? []), e]);
  }
  const targets = new Map<string, ComplianceTarget & { counts: Counts; at: number }>();
  for (const s of scans) {
    const key = JSON.stringify([s.tenant_id, s.target_kind, s.target_id]);
    let t = targets.get(key);
    if (!t) {
      t = {
        tenantId: s.tenant_id,
        targetKind: s.target_kind as ComplianceTargetKind,
        targetId: s.target_id,
        targetName: s.target_name,
        benchmarks: [],
        tools: [],
        lastScannedAt: "",
        stale: false,
        tally: tallyOf({ pass: 0, fail: 0, error: 0, excepted: 0, total: 0 }),
        failingBySeverity: noSeverities(),
        counts: { pass: 0, fail: 0, error: 0, excepted: 0, total: 0 },
        at: 0,
      };
      targets.set(key, t);
    }
    t.targetName ??= s.target_name;
    t.benchmarks.push(s.benchmark_title ?? s.benchmark_id);
    if (!t.tools.includes(s.tool)) t.tools.push(s.tool);
    t.at = Math.max(t.at, Number(s.scanned_at));
    t.counts.pass += s.pass_count;
    t.counts.fail += s.fail_count;
    t.counts.error += s.error_count;
    t.counts.total += s.results_count;
    for (const [severity, n] of Object.entries(JSON.parse(s.fail_severity) as Record<string, number>)) {
      t.failingBySeverity[complianceSeverityOf(severity)] += n;
    }
    for (const e of exceptedByScan.get(s.id) ?? []) {
      t.counts.excepted++;
      if (e.result === "fail") {
        t.counts.fail--;
        t.failingBySeverity[complianceSeverityOf(e.severity)]--;
      } else t.counts.error--;
    }
  }
  const staleBefore = now - complianceStaleDays * DAY;
  const needle = query.q?.toLowerCase();
  const all = [...targets.values()]
    .map(({ counts, at, ...t }) => ({
      ...t,
      lastScannedAt: iso(at),
      stale: at < staleBefore,
      tally: tallyOf(counts),
      at,
    }))
    .filter((t) => !needle || t.targetId.toLowerCase().includes(needle) || (t.targetName ?? "").toLowerCase().includes(needle));
  const stale = all.filter((t) => t.stale).length;
  const chosen = query.stale === undefined ? all : all.filter((t) => t.stale === query.stale);
  const rate = (t: (typeof all)[number]) => t.tally.passRate ?? 101;
  const sorts: Record<ComplianceTargetsQuery["sort"], (a: (typeof all)[number], b: (typeof all)[number]) => number> = {
    passRate: (a, b) => rate(a) - rate(b),
    failing: (a, b) => b.tally.fail + b.tally.error - (a.tally.fail + a.tally.error),
    lastScannedAt: (a, b) => a.at - b.at,
    target: () => 0,
  };
  chosen.sort((a, b) => sorts[query.sort](a, b) || a.targetId.localeCompare(b.targetId) || a.tenantId.localeCompare(b.tenantId));
  return {
    items: chosen.slice(query.offset, query.offset + query.limit).map(({ at: _at, ...t }) => t),
    total: chosen.length,
    stale,
  };
}

type ResultRow = Awaited<ReturnType<typeof results.listResults>>["rows"][number];

export function resultItem(r: ResultRow): ComplianceResultItem {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    scanId: r.scan_id,
    tool: r.tool,
    targetKind: r.target_kind as ComplianceTargetKind,
    targetId: r.target_id,
    targetName: r.target_name,
    benchmarkId: r.benchmark_id,
    scannedAt: iso(Number(r.scanned_at)),
    latest: r.latest === 1,
    controlId: r.control_id,
    title: r.title,
    severity: complianceSeverityOf(r.severity),
    result: r.result as ComplianceResult,
    exceptionId: r.exception_id ?? null,
    evidence: r.evidence,
    resourceId: r.resource_id,
    resourceType: r.resource_type,
    region: r.region,
    service: r.service,
  };
}

export async function listResults(ctx: AppContext, scope: TenantScope, query: ComplianceResultsQuery) {
  if (query.tenantId) assertTenantInScope(scope, query.tenantId);
  const { rows, total } = await results.listResults(ctx.db, scope.tenantIds, query, ctx.now());
  return { items: rows.map(resultItem), total };
}

/** One control: its text and mappings, and its tally over the latest scans in scope. */
export async function getControl(
  ctx: AppContext,
  scope: TenantScope,
  tool: string,
  controlId: string,
): Promise<ComplianceControl> {
  const [text, mappings, tallies] = await Promise.all([
    repo.controlText(ctx.db, scope.tenantIds, tool, controlId),
    repo.controlMappings(ctx.db, scope.tenantIds, tool, controlId),
    repo.tallies(ctx.db, scope.tenantIds, ctx.now(), { tool, controlId, spread: "targets" }),
  ]);
  if (!text) throw notFound("Control");
  const t = tallies[0] ?? { pass: 0, fail: 0, error: 0, excepted: 0, total: 0, targets: 0, tenants: 0 };
  return {
    tool,
    controlId,
    title: text.title,
    severity: text.severity as ComplianceSeverity,
    rationale: text.rationale,
    remediation: text.remediation,
    mappings: mappings.map((m) => ({ ...m, framework: m.framework as ComplianceFramework | null })),
    tally: tallyOf(t),
    targets: t.targets,
    tenants: t.tenants,
  };
}

const breakdownColumn = {
  service: "service",
  region: "region",
  resourceType: "resource_type",
  severity: "severity",
  tool: "tool",
  benchmark: "benchmark",
} as const;

/**
 * Latest results by service, region, resource type, severity, tool or benchmark: most open
 * failures first. Resources are counted distinct within each target and summed (a resource is one
 * account's, cluster's or host's). Without a framework the per-target rows the imports keep
 * (migration 0041) are summed and the few results under an exception moved apart; a framework
 * filter counts the results it maps, one by one.
 */
export async function breakdown(
  ctx: AppContext,
  scope: TenantScope,
  query: { by: keyof typeof breakdownColumn; targetKind?: ComplianceTargetKind; framework?: ComplianceFramework },
): Promise<z.output<typeof complianceBreakdownSchema>> {
  const key = breakdownColumn[query.by];
  const rows = query.framework
    ? await repo.tallies(ctx.db, scope.tenantIds, ctx.now(), { ...query, key, spread: "resources" })
    : await keptBreakdown(ctx, scope.tenantIds, key, query.targetKind);
  const items = rows.map((r) => ({ key: r.key, resources: r.resources, ...tallyOf(r) }));
  items.sort((a, b) => b.fail + b.error - (a.fail + a.error) || (a.key ?? "").localeCompare(b.key ?? ""));
  return { by: query.by, items };
}

/** The kept per-target breakdown rows summed, with results under an exception in force counted apart. */
async function keptBreakdown(
  ctx: AppContext,
  tenantIds: readonly string[],
  dimension: BreakdownDimension,
  targetKind?: ComplianceTargetKind,
) {
  const [totals, excepted] = await Promise.all([
    breakdownTotals(ctx.db, tenantIds, dimension, targetKind),
    exceptedByKey(ctx.db, tenantIds, ctx.now(), dimension, targetKind),
  ]);
  const byKey = new Map(totals.map((t) => [t.key, { ...t, excepted: 0 }]));
  for (const x of excepted) {
    const row = byKey.get(x.key);
    if (!row) continue;
    if (x.result === "fail") row.fail -= x.n;
    else row.error -= x.n;
    row.excepted += x.n;
  }
  return [...byKey.values()];
}

/**
 * Pass rate per day: at the end of each day, the newest scan of each tool, target and benchmark
 * seen by then. Exceptions are not replayed into the past: the trend shows what the scans said.
 */
export async function trend(
  ctx: AppContext,
  scope: TenantScope,
  query: { targetKind?: ComplianceTargetKind; days: number },
): Promise<z.output<typeof complianceTrendSchema>> {
  const now = ctx.now();
  const today = Math.floor(now / DAY) * DAY;
  const first = today - (query.days - 1) * DAY;
  const [changes, firsts] = await Promise.all([
    repo.trendChanges(ctx.db, scope.tenantIds, now, query.targetKind),
    repo.targetsFirstScanned(ctx.db, scope.tenantIds, now, query.targetKind),
  ]);
  // Running sums of the per-day changes: the days before the window add up to its first day.
  const sum = { pass: 0, fail: 0, error: 0 };
  let targets = 0;
  let c = 0;
  let f = 0;
  const points: z.output<typeof complianceTrendSchema>["points"] = [];
  for (let day = first; day <= today; day += DAY) {
    const number = day / DAY;
    for (; c < changes.length && (changes[c] as (typeof changes)[number]).day <= number; c++) {
      const change = changes[c] as (typeof changes)[number];
      sum.pass += change.pass;
      sum.fail += change.fail;
      sum.error += change.error;
    }
    for (; f < firsts.length && (firsts[f] as (typeof firsts)[number]).day <= number; f++)
      targets += (firsts[f] as (typeof firsts)[number]).n;
    if (targets === 0) continue;
    points.push({ day: iso(day).slice(0, 10), ...sum, passRate: compliancePassRate(sum), targets });
  }
  return { points };
}
