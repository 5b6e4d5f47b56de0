import { type EstateParts, estateParts, explainEstateRisk, type RiskFactorPoints, scoreEstateParts } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { RiskSnapshotsTable } from "../../db/tables";
import { days } from "../../lib/time";
import { openCount, sumOf } from "./risk-counts";
import { estateInput, loadEstate } from "./risk-estate.service";
import { openFindingCounts } from "./risk.repository";
import { snapshotsSince, tenantsWithFindings, tenantsWithoutSnapshot, upsertSnapshots } from "./risk-snapshots.repository";

/** Snapshots are per UTC day: tenants in different time zones share one calendar here. */
export const utcDay = (ms: number): number => Math.floor(ms / days(1)) * days(1);
export const dayText = (day: number): string => new Date(day).toISOString().slice(0, 10);

export interface RiskSnapshotDetail {
  parts: EstateParts;
  factors: RiskFactorPoints[];
}

/** Computes and stores today's score of each tenant (one aggregate pass for all of them). */
export async function recordRiskSnapshots(ctx: AppContext, tenantIds: readonly string[]): Promise<number> {
  if (tenantIds.length === 0) return 0;
  const now = ctx.now();
  const estate = await loadEstate(ctx, tenantIds);
  const counts = await openFindingCounts(ctx.db, tenantIds, now);
  const rows: RiskSnapshotsTable[] = tenantIds.map((tenantId) => {
    const input = estateInput(estate, [tenantId]);
    const explained = explainEstateRisk(input);
    const mine = counts.filter((c) => c.tenant_id === tenantId);
    const detail: RiskSnapshotDetail = { parts: estateParts(input), factors: explained.factors };
    return {
      tenant_id: tenantId,
      day: utcDay(now),
      taken_at: now,
      score: explained.score.score,
      open_findings: openCount(mine),
      critical_findings: openCount(mine, "Critical"),
      kev_findings: sumOf(mine, (c) => c.kev),
      overdue_findings: sumOf(mine, (c) => c.overdue),
      detail: JSON.stringify(detail),
    };
  });
  await upsertSnapshots(ctx.db, rows);
  return rows.length;
}

/** The daily job (on the serve timer): every tenant without a snapshot for today gets one. */
export async function snapshotRiskDaily(ctx: AppContext): Promise<number> {
  return recordRiskSnapshots(ctx, await tenantsWithoutSnapshot(ctx.db, utcDay(ctx.now())));
}

/**
 * Called when a findings import (one tenant) or a KEV/EPSS load (every tenant with findings)
 * has committed, so the day's snapshot reflects it. It never fails the import: the data is in,
 * the live score reads it anyway, and the daily job writes the next day's snapshot.
 */
export async function refreshRiskAfterImport(ctx: AppContext, tenantId: string | "all"): Promise<void> {
  try {
    await recordRiskSnapshots(ctx, tenantId === "all" ? await tenantsWithFindings(ctx.db) : [tenantId]);
  } catch {
    // Deliberately quiet: see above; a failing database would have failed the import itself.
  }
}

export interface TrendPoint {
  date: string;
  score: number;
  live: boolean;
}

/**
 * The score per day over the window, from the tenants' snapshots (several tenants: their parts
 * merged into one score), ending with today's live score in place of today's snapshot.
 */
export async function riskTrend(ctx: AppContext, tenantIds: readonly string[], windowDays: number, liveScore: number) {
  const today = utcDay(ctx.now());
  const since = today - days(Math.max(windowDays, 30) - 1);
  const rows = await snapshotsSince(ctx.db, tenantIds, since);
  const byDay = new Map<number, EstateParts[]>();
  for (const row of rows) {
    if (row.day >= today || row.day < today - days(windowDays - 1)) continue;
    const detail = JSON.parse(row.detail) as RiskSnapshotDetail;
    byDay.set(row.day, [...(byDay.get(row.day) ?? []), detail.parts]);
  }
  const points: TrendPoint[] = [...byDay].map(([day, parts]) => ({
    date: dayText(day),
    score: Math.round(scoreEstateParts(parts).score * 10) / 10,
    live: false,
  }));
  points.push({ date: dayText(today), score: liveScore, live: true });
  // The oldest snapshot of each tenant within the last 30 days (before today): its change baseline.
  const baseline = new Map<string, { day: number; score: number }>();
  for (const row of rows)
    if (row.day < today && row.day >= today - days(30) && !baseline.has(row.tenant_id))
      baseline.set(row.tenant_id, { day: row.day, score: row.score });
  return { points, baseline };
}
