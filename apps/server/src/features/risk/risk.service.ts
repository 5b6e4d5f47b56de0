import {
  type AssetRiskView,
  assetRisk,
  estateRisk,
  type RiskSummary,
  riskAgeBuckets,
  riskBand,
  riskModel,
  roundRisk,
  type TenantRiskRow,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { iso } from "../../lib/time";
import { byPriority, openCount, sumOf } from "./risk-counts";
import { type Estate, type EstateAsset, estateInput, loadEstate } from "./risk-estate.service";
import { type FactorFacts, scoreWithFactors } from "./risk-factors";
import { dayText, riskTrend } from "./risk-snapshots.service";
import { topRisks } from "./risk-top.service";
import * as repo from "./risk.repository";

const TOP_ASSETS = 10;

type Counts = repo.OpenFindingCounts[];

function factsOf(estate: Estate, counts: Counts, tenantIds: readonly string[]): FactorFacts {
  const keep = new Set(tenantIds);
  const assets = estate.assets.filter((a) => keep.has(a.row.tenant_id));
  const c = counts.filter((r) => keep.has(r.tenant_id));
  return {
    openFindings: openCount(c),
    critical: openCount(c, "Critical"),
    high: openCount(c, "High"),
    withEpss: sumOf(c, (r) => r.withEpss),
    epssAbove10: sumOf(c, (r) => r.epssHigh),
    kev: sumOf(c, (r) => r.kev),
    highImpactAtRisk: assets.filter((a) => a.row.business_impact === "High").length,
    lowImpactAtRisk: assets.filter((a) => a.row.business_impact === "Low").length,
    internetFacingAtRisk: assets.filter((a) => a.input.internetFacing).length,
    assetsWithIncidents: assets.filter((a) => a.input.openIncidents > 0).length,
    openIncidents: tenantIds.reduce((s, t) => s + (estate.incidentsOnAssets.get(t) ?? 0), 0),
  };
}

function assetView(a: EstateAsset, tenantName: string): AssetRiskView {
  const r = assetRisk(a.input);
  const score = roundRisk(r.score);
  return {
    assetId: a.row.asset_id,
    tenantId: a.row.tenant_id,
    tenantName,
    assetKey: a.row.asset_key,
    name: a.row.name,
    type: a.row.type,
    businessImpact: a.row.business_impact,
    environment: a.row.client_environment,
    internetFacing: a.input.internetFacing,
    openFindings: a.row.n,
    openBySeverity: { Critical: a.row.critical, High: a.row.high, Medium: a.row.medium, Low: a.row.low },
    kevFindings: a.row.kev,
    openIncidents: a.input.openIncidents,
    worstFindingRisk: roundRisk(a.row.max_r),
    findingsScore: roundRisk(r.findingsScore),
    multipliers: r.multipliers,
    score,
    band: riskBand(score),
  };
}

function tenantRows(
  estate: Estate,
  counts: Counts,
  topOf: Map<string, AssetRiskView>,
  names: Map<string, string>,
  tenantIds: readonly string[],
  baseline: Map<string, { day: number; score: number }>,
): TenantRiskRow[] {
  return tenantIds
    .map((tenantId) => {
      const score = roundRisk(estateRisk(estateInput(estate, [tenantId])).score);
      const mine = counts.filter((c) => c.tenant_id === tenantId);
      const top = topOf.get(tenantId);
      const before = baseline.get(tenantId);
      return {
        tenantId,
        tenantName: names.get(tenantId) ?? tenantId,
        score,
        band: riskBand(score),
        change: before ? { since: dayText(before.day), points: roundRisk(score - before.score) } : null,
        openFindings: openCount(mine),
        criticalFindings: openCount(mine, "Critical"),
        kevFindings: sumOf(mine, (c) => c.kev),
        overdueFindings: sumOf(mine, (c) => c.overdue),
        topAsset: top ? { assetId: top.assetId, assetKey: top.assetKey, name: top.name, score: top.score } : null,
      };
    })
    .sort((a, b) => b.score - a.score || a.tenantName.localeCompare(b.tenantName));
}

/** The Executive Risk View for the tenants in scope (one, or every tenant the caller may read). */
export async function riskSummary(ctx: AppContext, tenantIds: readonly string[], windowDays: number): Promise<RiskSummary> {
  const now = ctx.now();
  const estate = await loadEstate(ctx, tenantIds);
  const counts = await repo.openFindingCounts(ctx.db, tenantIds, now);
  const names = await repo.tenantNames(ctx.db, tenantIds);
  const score = scoreWithFactors(estateInput(estate), factsOf(estate, counts, tenantIds));
  // Views only for the assets shown: the worst overall (top list, action candidates) and each tenant's worst.
  const order = estate.assets
    .map((a, i) => ({ i, score: roundRisk(assetRisk(a.input).score), n: a.row.n, key: a.row.asset_key }))
    .sort((a, b) => b.score - a.score || b.n - a.n || a.key.localeCompare(b.key));
  const shown = new Set(order.slice(0, TOP_ASSETS).map((o) => o.i));
  const tenantTop = new Map<string, number>();
  for (const o of order) {
    const tenantId = estate.assets[o.i]?.row.tenant_id as string;
    if (!tenantTop.has(tenantId)) tenantTop.set(tenantId, o.i);
  }
  for (const i of tenantTop.values()) shown.add(i);
  const viewOf = new Map(
    [...shown].map((i) => {
      const a = estate.assets[i] as EstateAsset;
      return [i, assetView(a, names.get(a.row.tenant_id) ?? a.row.tenant_id)];
    }),
  );
  const ranked = order.slice(0, TOP_ASSETS).map((o) => viewOf.get(o.i) as AssetRiskView);
  const tenantTopView = new Map([...tenantTop].map(([t, i]) => [t, viewOf.get(i) as AssetRiskView]));
  const trend = await riskTrend(ctx, tenantIds, windowDays, score.score);
  const openFindings = openCount(counts);
  return {
    generatedAt: iso(now),
    modelVersion: riskModel.version,
    hasFindings: openFindings > 0 || estate.assets.length > 0,
    score,
    totals: {
      assets: [...estate.inventory.values()].reduce((s, n) => s + n, 0),
      assetsWithOpenFindings: estate.assets.length,
      openFindings,
      kevFindings: sumOf(counts, (c) => c.kev),
      overdueFindings: sumOf(counts, (c) => c.overdue),
      openIncidentsOnAssets: [...estate.incidentsOnAssets.values()].reduce((s, n) => s + n, 0),
    },
    byPriority: byPriority(counts),
    byAge: riskAgeBuckets.map((b, i) => ({
      key: b.key,
      label: b.label,
      count: openCount(counts, undefined, i),
      byPriority: byPriority(counts, i),
    })),
    trend: { days: windowDays, points: trend.points },
    topAssets: ranked.slice(0, TOP_ASSETS),
    topRisks: await topRisks(
      ctx,
      tenantIds,
      estate,
      order.slice(0, 20).map((o) => estate.assets[o.i]?.row.asset_id as string),
      names,
    ),
    tenants: tenantIds.length > 1 ? tenantRows(estate, counts, tenantTopView, names, tenantIds, trend.baseline) : null,
  };
}
