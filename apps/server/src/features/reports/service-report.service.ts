import {
  type AlertSummary,
  formatChange,
  formatCount,
  formatMinutes,
  formatPercent,
  plural,
  type Priority,
  reportBreachLimit,
  type ServiceReport,
  type SlaRow,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { TenantScope } from "../../http/policy";
import { iso } from "../../lib/time";
import { analystActivity } from "../rollups/rollup-window";
import { listAlerts } from "../alerts/alerts.service";
import { dashboardSummary } from "../dashboard/dashboard.service";
import { incidentsByPriority, prioritiesDown } from "./executive-report.service";
import { meanMinutes, periodFigures, priorityFigures, reportSource } from "./report-figures";
import { metaOf, metPercent, type ReportInput, round1 } from "./report-params";
import { alertQuery } from "./reports.repository";

const TOP = 10;
/** Most breaches a CSV download lists. */
export const BREACH_CSV_LIMIT = 10_000;

const scopeOf = (tenantIds: readonly string[]): TenantScope => ({ tenantIds, memberTenantIds: tenantIds, selected: null });
const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/**
 * Alerts of the period whose acknowledgement or response SLA was missed, newest first, read
 * from the alert list (ackSla=Missed and respondSla=Missed) so each row is the list's row.
 */
export async function breachedAlerts(ctx: AppContext, input: ReportInput, limit: number): Promise<AlertSummary[]> {
  const range = { from: iso(input.period.from), to: iso(input.period.to) };
  const scope = scopeOf(input.tenantIds);
  const seen = new Map<string, AlertSummary>();
  for (const filter of [{ ackSla: "Missed" }, { respondSla: "Missed" }]) {
    let cursor: string | undefined;
    let read = 0;
    do {
      const page = await listAlerts(
        ctx,
        scope,
        alertQuery({ ...range, ...filter, sort: "detectedAt", dir: "desc", limit: 200, cursor }),
      );
      for (const a of page.items) seen.set(a.id, a);
      read += page.items.length;
      cursor = page.nextCursor ?? undefined;
    } while (cursor && read < limit);
  }
  return [...seen.values()].sort((a, b) => b.detectedAt.localeCompare(a.detectedAt) || b.id.localeCompare(a.id)).slice(0, limit);
}

function slaRow(
  priority: SlaRow["priority"],
  alerts: number,
  ackMet: number,
  ackMissed: number,
  respondMet: number,
  respondMissed: number,
): SlaRow {
  return {
    priority,
    alerts,
    ackMet,
    ackMissed,
    ackMetPercent: metPercent(ackMet, ackMissed),
    respondMet,
    respondMissed,
    respondMetPercent: metPercent(respondMet, respondMissed),
  };
}

/**
 * The provider's account to a client for the period: volumes and outcomes from the dashboard,
 * SLA per priority and the breaches from the alert list's SLA filters, response times per
 * priority and analyst from the SLA statistics (GET /alerts/stats), incidents from the
 * incident list.
 */
export async function serviceReport(ctx: AppContext, input: ReportInput): Promise<ServiceReport> {
  const { tenantIds, period } = input;
  const source = await reportSource(ctx, tenantIds);
  const current = await dashboardSummary(ctx, tenantIds, { from: period.from, to: period.to }, source);
  const previous = await dashboardSummary(ctx, tenantIds, { from: period.previous.from, to: period.previous.to }, source);
  const incidentsNow = await incidentsByPriority(ctx, tenantIds, period.from, period.to);
  const incidentsBefore = await incidentsByPriority(ctx, tenantIds, period.previous.from, period.previous.to);

  // Every alert figure below is the rollups' (report-figures.ts), as the list filters count them.
  const figures = await periodFigures(source, period.from, period.to);
  const perPriority = new Map(prioritiesDown.map((p) => [p, priorityFigures(figures, p)]));
  const byPriority = prioritiesDown.map((p) => {
    const f = perPriority.get(p) as ReturnType<typeof priorityFigures>;
    return slaRow(p, f.alerts, f.ackMet, f.ackMissed, f.respondMet, f.respondMissed);
  });
  const total = slaRow("All", figures.alerts, figures.ack_met, figures.ack_missed, figures.respond_met, figures.respond_missed);

  const breachTotal = total.ackMissed + total.respondMissed - figures.both_missed;
  const breaches = await breachedAlerts(ctx, input, reportBreachLimit);

  const manual = figures.resolved_manual;
  const noise = figures.closed_unescalated;
  const sources = await source.ranked(period.from, period.to, "source", TOP);
  const analysts = await analystActivity(ctx, tenantIds, period.from, period.to);

  const report: ServiceReport = {
    meta: metaOf("service", input),
    summary: [],
    alerts: {
      received: { current: current.alerts.current ?? 0, previous: previous.alerts.current ?? 0 },
      handled: { current: current.resolved, previous: previous.resolved },
      open: current.open,
      escalated: { current: current.escalated, previous: previous.escalated },
      incidentsCreated: { current: sum(incidentsNow.byPriority), previous: sum(incidentsBefore.byPriority) },
    },
    bucket: current.bucket,
    overTime: current.overTime,
    sla: { byPriority, total },
    breaches: {
      total: breachTotal,
      items: breaches.map(breachRow),
      truncated: breachTotal > breaches.length,
    },
    times: {
      mttaMinutes: { current: current.mttaMinutes.current, previous: previous.mttaMinutes.current },
      mttrMinutes: { current: current.mttrMinutes.current, previous: previous.mttrMinutes.current },
      byPriority: prioritiesDown.map((p: Priority) => {
        const f = perPriority.get(p) as ReturnType<typeof priorityFigures>;
        return { priority: p, alerts: f.alerts, mttaMinutes: round1(f.mttaMinutes), mttrMinutes: round1(f.mttrMinutes) };
      }),
    },
    resolution: {
      resolved: current.resolved,
      automated: current.resolvedAutomatically,
      manual,
      unrecorded: current.resolved - current.resolvedAutomatically - manual,
    },
    noise: {
      closedWithoutEscalation: noise,
      sharePercent: current.resolved ? round1((noise / current.resolved) * 100) : null,
      note: "Watchfloor records no benign or false-positive verdict on alerts yet, so noise is counted as the alerts resolved or closed without being escalated to an incident.",
    },
    topRules: current.topRules,
    topSources: sources.map((s) => ({ key: s.key, label: s.key || "Not recorded", count: s.n })),
    topAssets: current.topHosts,
    topUsers: current.topUsers,
    analysts: analysts
      .map((r) => ({
        name: r.analyst,
        alerts: r.alerts,
        mttaMinutes: round1(meanMinutes(r.mtta_sum, r.mtta_n)),
        mttrMinutes: round1(meanMinutes(r.mttr_sum, r.mttr_n)),
        ackMetPercent: r.acked ? round1((r.ack_met / r.acked) * 100) : null,
      }))
      .sort((a, b) => b.alerts - a.alerts || a.name.localeCompare(b.name)),
  };
  report.summary = serviceSummary(report);
  return report;
}

function serviceSummary(r: ServiceReport): string[] {
  const previousLabel = r.meta.period?.previous.label ?? "the previous period";
  const a = r.alerts;
  const out = [
    `${plural(a.received.current, "alert")} ${a.received.current === 1 ? "was" : "were"} received, against ${formatCount(a.received.previous)} in ${previousLabel} (${formatChange(a.received.current, a.received.previous)}); ${formatCount(a.handled.current)} ${a.handled.current === 1 ? "has" : "have"} been resolved or closed and ${formatCount(a.open)} ${a.open === 1 ? "is" : "are"} still open.`,
    `${plural(a.escalated.current, "alert")} ${a.escalated.current === 1 ? "was" : "were"} escalated; ${plural(a.incidentsCreated.current, "incident")} ${a.incidentsCreated.current === 1 ? "was" : "were"} opened.`,
  ];
  const t = r.sla.total;
  if (t.ackMet + t.ackMissed + t.respondMet + t.respondMissed > 0) {
    out.push(
      `The acknowledgement SLA was met ${plural(t.ackMet, "time")} and missed ${plural(t.ackMissed, "time")} (${formatPercent(t.ackMetPercent)} met); the response SLA was met ${plural(t.respondMet, "time")} and missed ${plural(t.respondMissed, "time")} (${formatPercent(t.respondMetPercent)} met).`,
    );
  }
  if (r.times.mttaMinutes.current != null || r.times.mttrMinutes.current != null) {
    out.push(
      `Mean time to acknowledge was ${formatMinutes(r.times.mttaMinutes.current)} and mean time to resolve ${formatMinutes(r.times.mttrMinutes.current)}.`,
    );
  }
  if (r.resolution.resolved > 0) {
    out.push(
      `Of the resolved alerts, ${formatCount(r.resolution.automated)} were resolved automatically and ${formatCount(r.resolution.manual)} by an analyst; ${formatCount(r.noise.closedWithoutEscalation)} (${formatPercent(r.noise.sharePercent)}) were closed without escalation.`,
    );
  }
  return out;
}

/** A breached alert as the report's breach table lists it. */
export function breachRow(a: Awaited<ReturnType<typeof breachedAlerts>>[number]): ServiceReport["breaches"]["items"][number] {
  return {
    id: a.id,
    tenantName: a.tenantName,
    name: a.name,
    priority: a.priority,
    status: a.status,
    assignee: a.assignee,
    detectedAt: a.detectedAt,
    ackSla: a.ackSla,
    respondSla: a.respondSla,
  };
}
