import { type DashboardSummary, type DashboardTenantRow, dashboardMaxRangeDays, priorities } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { invalid } from "../../http/errors";
import { days, hours, iso } from "../../lib/time";
import { findTechniques } from "../attack/attack.repository";
import { addFigures, emptyFigures, type Figures } from "../rollups/rollup-window";
import { type FigureSource, rollupSource } from "./dashboard-sources";
import * as repo from "./dashboard.repository";

const TOP = 10;

const round1 = (v: number | null) => (v == null ? null : Math.round(v * 10) / 10);
/** Mean minutes from a sum of milliseconds and a count; null when nothing was measured. */
export const meanMinutes = (sumMs: number, count: number) => (count ? round1(sumMs / count / 60_000) : null);
/** Met share of the decided steps (Met + Missed); steps still on track or at risk do not count yet. */
const metPercent = (metCount: number, missedCount: number) =>
  metCount + missedCount ? round1((metCount / (metCount + missedCount)) * 100) : null;

export interface DashboardRange {
  from: number;
  to: number;
}

/** Defaults to the last 7 days; refuses empty, reversed or over-long ranges with the field named. */
export function resolveRange(query: { from?: string; to?: string }, now: number): DashboardRange {
  const to = query.to ? Date.parse(query.to) : now;
  const from = query.from ? Date.parse(query.from) : to - days(7);
  if (!(from < to)) throw invalid("from", "must be before to");
  if (to - from > days(dashboardMaxRangeDays)) throw invalid("from", `range is longer than ${dashboardMaxRangeDays} days`);
  return { from, to };
}

function tenantRow(tenantId: string, tenantName: string, t: Figures): DashboardTenantRow {
  return {
    tenantId,
    tenantName,
    alerts: t.alerts,
    open: t.open,
    criticalOpen: t.open_critical,
    mttaMinutes: meanMinutes(t.mtta_sum, t.mtta_n),
    mttrMinutes: meanMinutes(t.mttr_sum, t.mttr_n),
    ackMetPercent: metPercent(t.ack_met, t.ack_missed),
    respondMetPercent: metPercent(t.respond_met, t.respond_missed),
    breachedNow: t.breached,
  };
}

const total = (byTenant: Map<string, Figures>) => [...byTenant.values()].reduce(addFigures, emptyFigures());

const ranked = (rows: { key: string; n: number }[], label: (key: string) => string = (k) => k) =>
  rows.map((r) => ({ key: r.key, label: label(r.key), count: r.n }));

/** The overview from the rollups; `source` is swapped for the direct count by the tests that compare them. */
export async function dashboardSummary(
  ctx: AppContext,
  tenantIds: readonly string[],
  range: DashboardRange,
  source?: FigureSource,
): Promise<DashboardSummary> {
  const { from, to } = range;
  const now = ctx.now();
  const previousFrom = from - (to - from);
  const bucket = to - from <= days(2) ? hours(1) : days(1);
  const figures = source ?? (await rollupSource(ctx, tenantIds, now));
  // One after another on purpose: better-sqlite3 is synchronous anyway, and on PostgreSQL one
  // pooled connection per request keeps the pool free for other requests under load.
  const current = await figures.figures(from, to);
  const previous = await figures.figures(previousFrom, from);
  const overTime = await figures.overTime(from, to, bucket);
  const rules = await figures.ranked(from, to, "rule", TOP);
  const hosts = await figures.ranked(from, to, "host", TOP);
  const users = await figures.ranked(from, to, "user", TOP);
  const workload = await figures.ranked(from, to, "assignee", TOP);
  const techniques = await figures.techniques(from, to, TOP);
  // Technique names come from the ATT&CK catalogue when one is loaded; ids stand alone otherwise.
  const catalogue = new Map(
    (
      await findTechniques(
        ctx.db,
        techniques.map((t) => t.key),
      )
    )
      .reverse()
      .map((t) => [t.technique_id, t.name]),
  );
  const newLast24h = total(await figures.figures(now - hours(24), now)).alerts;
  const names = tenantIds.length > 1 ? await repo.tenantNames(ctx.db, tenantIds) : null;

  const cur = total(current);
  const prev = total(previous);
  const both = (f: (t: Figures) => number | null) => ({ current: f(cur), previous: f(prev) });
  const bucketCount = Math.ceil((to - from) / bucket);
  const tenants = names
    ? tenantIds
        .map((id) => tenantRow(id, names.get(id) ?? id, current.get(id) ?? emptyFigures()))
        .sort((a, b) => b.open - a.open || a.tenantName.localeCompare(b.tenantName))
    : null;

  return {
    from: iso(from),
    to: iso(to),
    previousFrom: iso(previousFrom),
    bucket: bucket === hours(1) ? "hour" : "day",
    alerts: both((t) => t.alerts),
    open: cur.open,
    openByPriority: Object.fromEntries(
      priorities.map((p) => [p, cur[`open_${p.toLowerCase()}` as keyof Figures]]),
    ) as DashboardSummary["openByPriority"],
    newLast24h,
    mttaMinutes: both((t) => meanMinutes(t.mtta_sum, t.mtta_n)),
    mttrMinutes: both((t) => meanMinutes(t.mttr_sum, t.mttr_n)),
    ackMetPercent: both((t) => metPercent(t.ack_met, t.ack_missed)),
    respondMetPercent: both((t) => metPercent(t.respond_met, t.respond_missed)),
    escalated: cur.escalated,
    resolved: cur.resolved,
    resolvedAutomatically: cur.resolved_auto,
    breachedNow: cur.breached,
    overTime: Array.from({ length: bucketCount }, (_, i) => {
      const row = overTime.get(i);
      return { start: iso(from + i * bucket), total: row?.total ?? 0, critical: row?.critical ?? 0, high: row?.high ?? 0 };
    }),
    topRules: ranked(rules),
    topTechniques: ranked(techniques, (id) => (catalogue.has(id) ? `${id} ${catalogue.get(id)}` : id)),
    topHosts: ranked(hosts),
    topUsers: ranked(users),
    workload: ranked(workload, (k) => k || "Unassigned").map((w) => ({ ...w, key: w.key || "unassigned" })),
    tenants,
  };
}
