import {
  complianceFrameworkLabels,
  type ExecutiveReport,
  formatChange,
  formatCount,
  formatMinutes,
  formatPercent,
  plural,
  priorities,
  type Priority,
  riskTrendWindows,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { tenantsWithModule } from "../../http/entitlements.repository";
import { frameworkScores } from "../compliance/compliance-scores.service";
import { iso } from "../../lib/time";
import { dashboardSummary } from "../dashboard/dashboard.service";
import { riskSummary } from "../risk/risk.service";
import type { FigureSource } from "../dashboard/dashboard-sources";
import { alertsOf, periodFigures, reportSource } from "./report-figures";
import { metaOf, type ReportInput } from "./report-params";
import { countFindingAssets, findingQuery, incidentQuery, kevCves, tallyIncidents } from "./reports.repository";

const DAY = 86_400_000;
const TOP_RISKS = 5;
const TOP_KEV = 5;

/** Alerts detected in [from, to) per priority, as GET /alerts/stats?by=priority counts them (from the rollups). */
export async function alertsByPriority(source: FigureSource, from: number, to: number): Promise<Map<string, number>> {
  const figures = await periodFigures(source, from, to);
  return new Map(prioritiesDown.map((p) => [p, alertsOf(figures, p)]));
}

/** Incidents created in [from, to) per priority, as the incident list filters them. */
export async function incidentsByPriority(ctx: AppContext, tenantIds: readonly string[], from: number, to: number) {
  const tallies = await tallyIncidents(ctx.db, tenantIds, incidentQuery({ from: iso(from), to: iso(to) }));
  const byPriority = new Map<string, number>();
  let open = 0;
  for (const t of tallies) {
    byPriority.set(t.priority, (byPriority.get(t.priority) ?? 0) + t.n);
    if (["Open", "Acknowledged", "In Progress"].includes(t.status)) open += t.n;
  }
  return { byPriority, open, tallies };
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
/** Priorities from the most severe down, as reports list them. */
export const prioritiesDown = [...priorities].reverse() as Priority[];

/** The Executive Risk View's trend window that covers the period back from today. */
function trendWindow(fromDay: string, now: number): number {
  const span = Math.ceil((now - Date.parse(`${fromDay}T00:00:00Z`)) / DAY) + 1;
  return riskTrendWindows.find((w) => w >= span) ?? 365;
}

function sentence(parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(" ");
}

/**
 * The executive report: every figure is the one the dashboard (alerts, SLA, response times),
 * the incident list (incidents) and the Executive Risk View (score, KEV, top risks) show for the
 * same tenants and period; compliance is what the compliance pages show now for the report's
 * tenants that have the module.
 */
export async function executiveReport(ctx: AppContext, input: ReportInput): Promise<ExecutiveReport> {
  const { tenantIds, period } = input;
  const now = ctx.now();
  const source = await reportSource(ctx, tenantIds);
  const current = await dashboardSummary(ctx, tenantIds, { from: period.from, to: period.to }, source);
  const previous = await dashboardSummary(ctx, tenantIds, { from: period.previous.from, to: period.previous.to }, source);
  const alertsNow = await alertsByPriority(source, period.from, period.to);
  const alertsBefore = await alertsByPriority(source, period.previous.from, period.previous.to);
  const incidentsNow = await incidentsByPriority(ctx, tenantIds, period.from, period.to);
  const incidentsBefore = await incidentsByPriority(ctx, tenantIds, period.previous.from, period.previous.to);
  const risk = await riskSummary(ctx, tenantIds, trendWindow(period.fromDay, now));
  const kevQuery = findingQuery({ view: "open", kev: "true" });
  const kevTotals = await countFindingAssets(ctx.db, tenantIds, kevQuery, now);
  const cves = await kevCves(ctx.db, tenantIds, kevQuery, now);

  // Snapshots are per UTC day: the period's days are matched by date.
  const trend = risk.trend.points.filter((p) => p.date >= period.fromDay && p.date <= period.toDay);
  const first = trend[0];
  const last = trend.at(-1);
  const change =
    first && last && trend.length > 1
      ? { from: first.date, to: last.date, points: Math.round((last.score - first.score) * 10) / 10 }
      : null;

  const incidentTotal = { current: sum(incidentsNow.byPriority), previous: sum(incidentsBefore.byPriority) };
  const report: ExecutiveReport = {
    meta: metaOf("executive", input),
    summary: [],
    risk: {
      hasFindings: risk.hasFindings,
      score: risk.score.score,
      band: risk.score.band,
      factors: risk.score.factors,
      trend,
      change,
      totals: {
        assets: risk.totals.assets,
        assetsWithOpenFindings: risk.totals.assetsWithOpenFindings,
        openFindings: risk.totals.openFindings,
        kevFindings: risk.totals.kevFindings,
        overdueFindings: risk.totals.overdueFindings,
      },
    },
    alerts: {
      total: { current: current.alerts.current ?? 0, previous: previous.alerts.current ?? 0 },
      byPriority: prioritiesDown.map((p) => ({
        priority: p,
        current: alertsNow.get(p) ?? 0,
        previous: alertsBefore.get(p) ?? 0,
      })),
      open: current.open,
      openByPriority: current.openByPriority,
      escalated: { current: current.escalated, previous: previous.escalated },
      resolved: { current: current.resolved, previous: previous.resolved },
      resolvedAutomatically: current.resolvedAutomatically,
      breachedNow: current.breachedNow,
    },
    incidents: {
      total: incidentTotal,
      byPriority: prioritiesDown.map((p) => ({
        priority: p,
        current: incidentsNow.byPriority.get(p) ?? 0,
        previous: incidentsBefore.byPriority.get(p) ?? 0,
      })),
      open: incidentsNow.open,
    },
    sla: {
      ackMetPercent: { current: current.ackMetPercent.current, previous: previous.ackMetPercent.current },
      respondMetPercent: { current: current.respondMetPercent.current, previous: previous.respondMetPercent.current },
    },
    mttaMinutes: { current: current.mttaMinutes.current, previous: previous.mttaMinutes.current },
    mttrMinutes: { current: current.mttrMinutes.current, previous: previous.mttrMinutes.current },
    kev: {
      openFindings: kevTotals.findings,
      cves: cves.length,
      assets: kevTotals.assets,
      top: cves
        .slice(0, TOP_KEV)
        .map((c) => ({ cveId: c.cveId, name: c.name, openFindings: c.findings, assets: c.assets, epss: c.epss })),
    },
    topRisks: risk.topRisks.slice(0, TOP_RISKS),
    compliance: await complianceSection(ctx, tenantIds),
  };
  report.summary = executiveSummary(report);
  return report;
}

/** The figures in plain sentences, for readers who will not read the tables. */
function executiveSummary(r: ExecutiveReport): string[] {
  const previousLabel = r.meta.period?.previous.label ?? "the previous period";
  const out: string[] = [];
  if (r.risk.hasFindings) {
    out.push(
      sentence([
        `The risk score is ${r.risk.score.toFixed(1)} out of 100 (${r.risk.band}).`,
        r.risk.change &&
          (Math.abs(r.risk.change.points) < 0.05
            ? "It did not change over the period."
            : `It ${r.risk.change.points > 0 ? "rose" : "fell"} by ${Math.abs(r.risk.change.points).toFixed(1)} points over the period.`),
      ]),
    );
  } else {
    out.push("No vulnerability findings are recorded yet, so there is no risk score.");
  }
  const a = r.alerts.total;
  const critical = r.alerts.byPriority.find((p) => p.priority === "Critical")?.current ?? 0;
  out.push(
    sentence([
      `${plural(a.current, "alert")} came in, against ${formatCount(a.previous)} in ${previousLabel} (${formatChange(a.current, a.previous)});`,
      `${formatCount(critical)} ${critical === 1 ? "was" : "were"} Critical and ${formatCount(r.alerts.escalated.current)} ${r.alerts.escalated.current === 1 ? "was" : "were"} escalated to incidents.`,
    ]),
  );
  const inc = r.incidents.total;
  out.push(
    inc.current === 0
      ? `No incidents were opened, against ${formatCount(inc.previous)} in ${previousLabel}.`
      : `${plural(inc.current, "incident")} ${inc.current === 1 ? "was" : "were"} opened, against ${formatCount(inc.previous)} in ${previousLabel}; ${formatCount(r.incidents.open)} ${r.incidents.open === 1 ? "is" : "are"} still open.`,
  );
  if (r.sla.ackMetPercent.current != null || r.sla.respondMetPercent.current != null) {
    out.push(
      `Alerts were acknowledged within the agreed time in ${formatPercent(r.sla.ackMetPercent.current)} of decided cases and responded to in time in ${formatPercent(r.sla.respondMetPercent.current)}; before, ${formatPercent(r.sla.ackMetPercent.previous)} and ${formatPercent(r.sla.respondMetPercent.previous)}.`,
    );
  }
  if (r.mttaMinutes.current != null || r.mttrMinutes.current != null) {
    out.push(
      `On average an alert was acknowledged after ${formatMinutes(r.mttaMinutes.current)} and resolved after ${formatMinutes(r.mttrMinutes.current)}; before, after ${formatMinutes(r.mttaMinutes.previous)} and ${formatMinutes(r.mttrMinutes.previous)}.`,
    );
  }
  out.push(
    r.kev.openFindings === 0
      ? "No open finding is on CISA's list of known exploited vulnerabilities (KEV)."
      : `${plural(r.kev.openFindings, "open finding")} on ${plural(r.kev.assets, "asset")} ${r.kev.openFindings === 1 ? "is" : "are"} on CISA's list of known exploited vulnerabilities (KEV), covering ${plural(r.kev.cves, "CVE")}.`,
  );
  const top = r.topRisks[0];
  if (top)
    out.push(`The largest single improvement: ${top.action}, which would lower the score by ${top.scoreDrop.toFixed(1)} points.`);
  return out;
}

/** Framework scores over the report's tenants that have the Compliance module, as its pages show them. */
async function complianceSection(ctx: AppContext, tenantIds: readonly string[]): Promise<ExecutiveReport["compliance"]> {
  const entitled = await tenantsWithModule(ctx.db, tenantIds, "compliance");
  const without = tenantIds.length - entitled.length;
  const scores = entitled.length
    ? (await frameworkScores(ctx, { tenantIds: entitled, memberTenantIds: entitled, selected: null })).items
    : [];
  const frameworks = scores.map((f) => ({
    framework: f.framework,
    label: complianceFrameworkLabels[f.framework],
    passRate: f.passRate,
    pass: f.pass,
    fail: f.fail,
    error: f.error,
    requirements: f.requirements,
    requirementsFailing: f.requirementsFailing,
  }));
  const others = without
    ? ` ${without} of the ${tenantIds.length} tenants ${without === 1 ? "does" : "do"} not have the Compliance module and ${without === 1 ? "is" : "are"} not counted.`
    : "";
  const note =
    entitled.length === 0
      ? "The Compliance module is not enabled for these tenants, so this report has no compliance figures."
      : frameworks.length === 0
        ? `No compliance scan mapped to a framework has been imported for these tenants yet.${others}`
        : `Pass rate per framework over the latest scan of each target, through the mappings the scanning tools ship: the state now, as the compliance pages show it.${others}`;
  return { available: entitled.length > 0, note, tenantsWithModule: entitled.length, tenantsWithout: without, frameworks };
}
