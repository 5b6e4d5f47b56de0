import { type ExecutiveReport, formatChange, formatCount, formatMinutes, formatPercent } from "@watchfloor/shared";
import { Card } from "@/components/ui/page";
import { csvUrl } from "../lib/params";
import { BarsChart, LineTrend } from "./charts";
import { Figures, Paragraph, ReportTable, Summary } from "./parts";

const epss = (v: number | null) => (v == null ? "—" : `${(v * 100).toFixed(1)}%`);

/** The executive report on screen: the same figures and sentences as its two-page PDF. */
export function ExecutiveReportView({ report: r }: { report: ExecutiveReport }) {
  const q = r.meta.query;
  const before = (v: string) => `before ${v}`;
  const incidentsOf = new Map(r.incidents.byPriority.map((p) => [p.priority, p]));
  return (
    <div className="space-y-6" data-testid="executive-report">
      <Summary lines={r.summary} />
      <Figures
        items={[
          {
            key: "risk-score",
            label: "Risk score (0-100) now",
            value: r.risk.hasFindings ? r.risk.score.toFixed(1) : "—",
            note: r.risk.hasFindings ? r.risk.band : "no findings",
          },
          {
            key: "alerts",
            label: "Alerts",
            value: formatCount(r.alerts.total.current),
            note: `${before(formatCount(r.alerts.total.previous))} (${formatChange(r.alerts.total.current, r.alerts.total.previous)})`,
          },
          {
            key: "incidents",
            label: "Incidents opened",
            value: formatCount(r.incidents.total.current),
            note: `${before(formatCount(r.incidents.total.previous))} (${formatChange(r.incidents.total.current, r.incidents.total.previous)})`,
          },
          {
            key: "kev",
            label: "Open KEV findings",
            value: formatCount(r.kev.openFindings),
            note: `on ${formatCount(r.kev.assets)} assets`,
          },
          {
            key: "ack-sla",
            label: "Acknowledged within SLA",
            value: formatPercent(r.sla.ackMetPercent.current),
            note: before(formatPercent(r.sla.ackMetPercent.previous)),
          },
          {
            key: "respond-sla",
            label: "Responded within SLA",
            value: formatPercent(r.sla.respondMetPercent.current),
            note: before(formatPercent(r.sla.respondMetPercent.previous)),
          },
          {
            key: "mtta",
            label: "Mean time to acknowledge",
            value: formatMinutes(r.mttaMinutes.current),
            note: before(formatMinutes(r.mttaMinutes.previous)),
          },
          {
            key: "mttr",
            label: "Mean time to resolve",
            value: formatMinutes(r.mttrMinutes.current),
            note: before(formatMinutes(r.mttrMinutes.previous)),
          },
        ]}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <Card title="Alerts by priority" className="min-w-0">
          <BarsChart
            categories={r.alerts.byPriority.map((p) => p.priority)}
            series={[
              { name: "This period", values: r.alerts.byPriority.map((p) => p.current) },
              { name: "Before", values: r.alerts.byPriority.map((p) => p.previous) },
            ]}
            summary={`Alerts by priority this period: ${r.alerts.byPriority.map((p) => `${p.priority} ${p.current}`).join(", ")}.`}
          />
        </Card>
        <ReportTable
          title="Alerts and incidents by priority"
          testId="by-priority"
          csv={csvUrl("executive", q, "alerts-by-priority")}
          columns={[
            { label: "Priority" },
            { label: "Alerts", numeric: true },
            { label: "Before", numeric: true },
            { label: "Open now", numeric: true },
            { label: "Incidents opened", numeric: true },
            { label: "Before", numeric: true },
          ]}
          rows={[
            ...r.alerts.byPriority.map((p) => [
              p.priority,
              formatCount(p.current),
              formatCount(p.previous),
              formatCount(r.alerts.openByPriority[p.priority] ?? 0),
              formatCount(incidentsOf.get(p.priority)?.current ?? 0),
              formatCount(incidentsOf.get(p.priority)?.previous ?? 0),
            ]),
            [
              "All",
              formatCount(r.alerts.total.current),
              formatCount(r.alerts.total.previous),
              formatCount(r.alerts.open),
              formatCount(r.incidents.total.current),
              formatCount(r.incidents.total.previous),
            ],
          ]}
        />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <ReportTable
          title="Why this risk score"
          note={
            r.risk.hasFindings ? `The Executive Risk View's score now: ${r.risk.score.toFixed(1)} (${r.risk.band}).` : undefined
          }
          empty="No vulnerability findings are recorded yet, so there is no risk score."
          columns={[{ label: "Factor" }, { label: "Points", numeric: true }, { label: "Why" }]}
          rows={r.risk.hasFindings ? r.risk.factors.map((f) => [f.label, f.points.toFixed(1), f.detail]) : []}
        />
        <Card title="Risk score by day" className="min-w-0">
          {r.risk.trend.length > 1 ? (
            <LineTrend
              labels={r.risk.trend.map((p) => p.date.slice(5))}
              values={r.risk.trend.map((p) => p.score)}
              name="Risk score"
              max={100}
              summary={`Risk score from ${r.risk.trend[0]?.score} to ${r.risk.trend.at(-1)?.score}.`}
            />
          ) : (
            <Paragraph>
              The period has no daily score yet: scores are kept once a day (UTC), so the line starts after the first day with
              findings.
            </Paragraph>
          )}
        </Card>
      </div>
      <ReportTable
        title="SLA adherence and response times"
        csv={csvUrl("executive", q, "sla-and-times")}
        columns={[{ label: "Measure" }, { label: "This period" }, { label: "Before" }, { label: "Change" }]}
        rows={[
          [
            "Acknowledged within SLA",
            formatPercent(r.sla.ackMetPercent.current),
            formatPercent(r.sla.ackMetPercent.previous),
            formatChange(r.sla.ackMetPercent.current, r.sla.ackMetPercent.previous, "percent"),
          ],
          [
            "Responded within SLA",
            formatPercent(r.sla.respondMetPercent.current),
            formatPercent(r.sla.respondMetPercent.previous),
            formatChange(r.sla.respondMetPercent.current, r.sla.respondMetPercent.previous, "percent"),
          ],
          [
            "Mean time to acknowledge (MTTA)",
            formatMinutes(r.mttaMinutes.current),
            formatMinutes(r.mttaMinutes.previous),
            formatChange(r.mttaMinutes.current, r.mttaMinutes.previous, "minutes"),
          ],
          [
            "Mean time to resolve (MTTR)",
            formatMinutes(r.mttrMinutes.current),
            formatMinutes(r.mttrMinutes.previous),
            formatChange(r.mttrMinutes.current, r.mttrMinutes.previous, "minutes"),
          ],
          [
            "Alerts escalated to incidents",
            formatCount(r.alerts.escalated.current),
            formatCount(r.alerts.escalated.previous),
            formatChange(r.alerts.escalated.current, r.alerts.escalated.previous),
          ],
          [
            "Alerts resolved or closed",
            formatCount(r.alerts.resolved.current),
            formatCount(r.alerts.resolved.previous),
            formatChange(r.alerts.resolved.current, r.alerts.resolved.previous),
          ],
        ]}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <ReportTable
          title="Known exploited vulnerabilities (CISA KEV) open now"
          testId="kev"
          csv={csvUrl("executive", q, "kev")}
          empty="No open finding is on CISA's KEV list."
          note={`${formatCount(r.kev.openFindings)} open findings on ${formatCount(r.kev.assets)} assets, ${formatCount(r.kev.cves)} CVEs; the five with most findings:`}
          columns={[
            { label: "CVE" },
            { label: "Name" },
            { label: "Open findings", numeric: true },
            { label: "Assets", numeric: true },
            { label: "EPSS", numeric: true },
          ]}
          rows={r.kev.top.map((c) => [c.cveId, c.name ?? "—", formatCount(c.openFindings), formatCount(c.assets), epss(c.epss)])}
        />
        <ReportTable
          title="Top risks: what would lower the score most"
          testId="top-risks"
          csv={csvUrl("executive", q, "top-risks")}
          empty="No top risks: there are no open findings."
          columns={[
            { label: "Action" },
            { label: "Tenant" },
            { label: "Priority" },
            { label: "KEV" },
            { label: "Score drop", numeric: true },
          ]}
          rows={r.topRisks.map((t) => [t.action, t.tenantName, t.priority, t.kev ? "Yes" : "No", t.scoreDrop.toFixed(1)])}
        />
      </div>
      <Card title="Compliance">
        <Paragraph testId="compliance-note">{r.compliance.note}</Paragraph>
        {r.compliance.frameworks.length > 0 && (
          <ReportTable
            title="Compliance by framework (latest scans)"
            testId="compliance"
            csv={csvUrl("executive", q, "compliance")}
            empty=""
            columns={[
              { label: "Framework" },
              { label: "Pass rate", numeric: true },
              { label: "Passed", numeric: true },
              { label: "Failed", numeric: true },
              { label: "Errors", numeric: true },
              { label: "Requirements failing" },
            ]}
            rows={r.compliance.frameworks.map((f) => [
              f.label,
              f.passRate == null ? "—" : `${f.passRate.toFixed(1)}%`,
              formatCount(f.pass),
              formatCount(f.fail),
              formatCount(f.error),
              `${f.requirementsFailing} of ${f.requirements}`,
            ])}
          />
        )}
      </Card>
    </div>
  );
}
