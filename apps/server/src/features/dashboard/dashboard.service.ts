import { type DashboardSummary, type DashboardTenantRow, dashboardMaxRangeDays, priorities } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { invalid } from "../../http/errors";
import { days, hours, iso } from "../../lib/time";
import { findTechniques } from "../attack/attack.repository";
import * as repo from "./dashboard.repository";

const TOP = 10;

const n = (v: unknown) => Number(v ?? 0);
const round1 = (v: number | null) => (v == null ? null : Math.round(v * 10) / 10);
/** Mean minutes from a sum of milliseconds and a count; null when nothing was measured. */
const meanMinutes = (sumMs: number, count: number) => (count ? round1(sumMs / count / 60_000) : null);
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

type Totals = Record<Exclude<keyof repo.PeriodTenantRow, "tenant_id" | "current">, number>;

function add(rows: repo.PeriodTenantRow[]): Totals {
  const total = {} as Totals;
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (key === "tenant_id" || key === "current") continue;
      total[key as keyof Totals] = (total[key as keyof Totals] ?? 0) + n(value);
    }
  }
  return total;
}

function tenantRow(tenantId: string, tenantName: string, t: Totals): DashboardTenantRow {
  return {
    tenantId,
    tenantName,
    alerts: n(t.alerts),
    open: n(t.open),
    criticalOpen: n(t.open_critical),
    mttaMinutes: meanMinutes(n(t.mtta_sum), n(t.mtta_n)),
    mttrMinutes: meanMinutes(n(t.mttr_sum), n(t.mttr_n)),
    ackMetPercent: metPercent(n(t.ack_met), n(t.ack_missed)),
    respondMetPercent: metPercent(n(t.respond_met), n(t.respond_missed)),
    breachedNow: n(t.breached),
  };
}

const ranked = (rows: { key: string; n: unknown }[], label: (key: string) => string = (k) => k) =>
  rows.map((r) => ({ key: r.key, label: label(r.key), count: n(r.n) }));

export async function dashboardSummary(
  ctx: AppContext,
  tenantIds: readonly string[],
  range: DashboardRange,
): Promise<DashboardSummary> {
  const { from, to } = range;
  const now = ctx.now();
  const previousFrom = from - (to - from);
  const bucket = to - from <= days(2) ? hours(1) : days(1);
  const db = ctx.db;
  // One after another on purpose: better-sqlite3 is synchronous anyway, and on PostgreSQL one
  // pooled connection per request keeps the pool free for other requests under load.
  const periods = await repo.periodTotals(db, tenantIds, previousFrom, from, to, now);
  const overTime = await repo.alertsOverTime(db, tenantIds, from, to, bucket);
  const rules = await repo.topValues(db, tenantIds, from, to, "rule", TOP);
  const hosts = await repo.topValues(db, tenantIds, from, to, "hostname", TOP);
  const users = await repo.topValues(db, tenantIds, from, to, "username", TOP);
  const workload = await repo.topValues(db, tenantIds, from, to, "assignee", TOP);
  const techniques = await repo.topTechniques(db, tenantIds, from, to, TOP);
  // Technique names come from the ATT&CK catalogue when one is loaded; ids stand alone otherwise.
  const catalogue = new Map((await findTechniques(db, techniques.map((t) => t.key))).reverse().map((t) => [t.technique_id, t.name]));
  const newLast24h = await repo.countDetected(db, tenantIds, now - hours(24), now);
  const names = tenantIds.length > 1 ? await repo.tenantNames(db, tenantIds) : null;

  const current = periods.filter((r) => n(r.current) === 1);
  const cur = add(current);
  const prev = add(periods.filter((r) => n(r.current) === 0));
  const both = (f: (t: Totals) => number | null) => ({ current: f(cur), previous: f(prev) });

  const buckets = new Map(overTime.map((r) => [n(r.bucket), r]));
  const bucketCount = Math.ceil((to - from) / bucket);
  const tenants = names
    ? tenantIds
        .map((id) => tenantRow(id, names.get(id) ?? id, add(current.filter((r) => r.tenant_id === id))))
        .sort((a, b) => b.open - a.open || a.tenantName.localeCompare(b.tenantName))
    : null;

  return {
    from: iso(from),
    to: iso(to),
    previousFrom: iso(previousFrom),
    bucket: bucket === hours(1) ? "hour" : "day",
    alerts: both((t) => n(t.alerts)),
    open: n(cur.open),
    openByPriority: Object.fromEntries(
      priorities.map((p) => [p, n(cur[`open_${p.toLowerCase()}` as keyof Totals])]),
    ) as DashboardSummary["openByPriority"],
    newLast24h,
    mttaMinutes: both((t) => meanMinutes(n(t.mtta_sum), n(t.mtta_n))),
    mttrMinutes: both((t) => meanMinutes(n(t.mttr_sum), n(t.mttr_n))),
    ackMetPercent: both((t) => metPercent(n(t.ack_met), n(t.ack_missed))),
    respondMetPercent: both((t) => metPercent(n(t.respond_met), n(t.respond_missed))),
    escalated: n(cur.escalated),
    resolved: n(cur.resolved),
    resolvedAutomatically: n(cur.resolved_auto),
    breachedNow: n(cur.breached),
    overTime: Array.from({ length: bucketCount }, (_, i) => {
      const row = buckets.get(i);
      return { start: iso(from + i * bucket), total: n(row?.total), critical: n(row?.critical), high: n(row?.high) };
    }),
    topRules: ranked(rules),
    topTechniques: ranked(techniques, (id) => (catalogue.has(id) ? `${id} ${catalogue.get(id)}` : id)),
    topHosts: ranked(hosts),
    topUsers: ranked(users),
    workload: ranked(workload, (k) => k || "Unassigned").map((w) => ({ ...w, key: w.key || "unassigned" })),
    tenants,
  };
}
