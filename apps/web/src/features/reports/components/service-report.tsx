import { formatChange, formatCount, formatInZone, formatMinutes, formatPercent, type ServiceReport } from "@watchfloor/shared";
import { Card } from "@/components/ui/page";
import { csvUrl } from "../lib/params";
import { BarsChart, VolumeChart } from "./charts";
import { Paragraph, ReportTable, Summary } from "./parts";

const ranked = (rows: { label: string; count: number }[]) => rows.map((r) => [r.label, formatCount(r.count)]);

/** The provider's account to a client: the same figures, tables and sentences as the PDF. */
export function ServiceReportView({ report: r }: { report: ServiceReport }) {
  const q = r.meta.query;
  const tz = r.meta.timeZone;
  const a = r.alerts;
  const bucketLabel = (start: string) =>
    r.bucket === "hour" ? formatInZone(start, tz).slice(11) : formatInZone(start, tz, false).slice(5);
  return (
    <div className="space-y-6" data-testid="service-report">
      <Summary lines={r.summary} />
      <div className="grid gap-6 xl:grid-cols-2">
        <ReportTable
          title="Alerts received and handled"
          testId="volumes"
          csv={csvUrl("service", q, "volumes")}
          columns={[
            { label: "Measure" },
            { label: "This period", numeric: true },
            { label: "Before", numeric: true },
            { label: "Change" },
          ]}
          rows={[
            [
              "Alerts received",
              formatCount(a.received.current),
              formatCount(a.received.previous),
              formatChange(a.received.current, a.received.previous),
            ],
            [
              "Resolved or closed",
              formatCount(a.handled.current),
              formatCount(a.handled.previous),
              formatChange(a.handled.current, a.handled.previous),
            ],
            [
              "Escalated to incidents",
              formatCount(a.escalated.current),
              formatCount(a.escalated.previous),
              formatChange(a.escalated.current, a.escalated.previous),
            ],
            [
              "Incidents opened",
              formatCount(a.incidentsCreated.current),
              formatCount(a.incidentsCreated.previous),
              formatChange(a.incidentsCreated.current, a.incidentsCreated.previous),
            ],
            ["Still open", formatCount(a.open), "—", "—"],
          ]}
        />
        <Card title="Alerts over the period" className="min-w-0">
          <VolumeChart
            labels={r.overTime.map((b) => bucketLabel(b.start))}
            total={r.overTime.map((b) => b.total)}
            critical={r.overTime.map((b) => b.critical)}
            summary={`Alerts per ${r.bucket}: ${formatCount(a.received.current)} in all.`}
          />
        </Card>
      </div>
      <div className="grid gap-6 xl:grid-cols-5">
        <Card title="Response SLA by priority" className="min-w-0 xl:col-span-2">
          <BarsChart
            categories={r.sla.byPriority.map((s) => s.priority)}
            series={[
              { name: "Met", values: r.sla.byPriority.map((s) => s.respondMet) },
              { name: "Missed", values: r.sla.byPriority.map((s) => s.respondMissed) },
            ]}
            summary={`Response SLA met and missed by priority: ${r.sla.byPriority.map((s) => `${s.priority} ${s.respondMet} met, ${s.respondMissed} missed`).join("; ")}.`}
          />
        </Card>
        <ReportTable
          className="xl:col-span-3"
          title="SLA met and missed, by priority"
          testId="sla-by-priority"
          csv={csvUrl("service", q, "sla-by-priority")}
          note="Met and missed count the SLA steps decided so far; steps still on track or at risk are not counted yet."
          columns={[
            { label: "Priority" },
            { label: "Alerts", numeric: true },
            { label: "Ack met", numeric: true },
            { label: "Ack missed", numeric: true },
            { label: "Ack met %", numeric: true },
            { label: "Response met", numeric: true },
            { label: "Response missed", numeric: true },
            { label: "Response met %", numeric: true },
          ]}
          rows={[...r.sla.byPriority, r.sla.total].map((s) => [
            s.priority,
            formatCount(s.alerts),
            formatCount(s.ackMet),
            formatCount(s.ackMissed),
            formatPercent(s.ackMetPercent),
            formatCount(s.respondMet),
            formatCount(s.respondMissed),
            formatPercent(s.respondMetPercent),
          ])}
        />
      </div>
      <ReportTable
        title="SLA breaches"
        testId="breaches"
        csv={csvUrl("service", q, "breaches")}
        note={
          r.breaches.total
            ? `${formatCount(r.breaches.total)} alerts missed their acknowledgement or response SLA${r.breaches.truncated ? `; the newest ${formatCount(r.breaches.items.length)} are listed (the CSV has every one)` : ""}.`
            : undefined
        }
        empty="No alert of the period missed its acknowledgement or response SLA."
        columns={[
          { label: "Detected" },
          { label: "Alert" },
          { label: "Tenant" },
          { label: "Priority" },
          { label: "Status" },
          { label: "Assignee" },
          { label: "Ack SLA" },
          { label: "Response SLA" },
        ]}
        rows={r.breaches.items.map((b) => [
          formatInZone(b.detectedAt, tz),
          b.name,
          b.tenantName,
          b.priority,
          b.status,
          b.assignee ?? "—",
          b.ackSla ?? "—",
          b.respondSla ?? "—",
        ])}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <ReportTable
          title="Response and closure times, by priority"
          csv={csvUrl("service", q, "response-times")}
          columns={[
            { label: "Priority" },
            { label: "Alerts", numeric: true },
            { label: "Mean time to acknowledge" },
            { label: "Mean time to resolve" },
          ]}
          rows={[
            ...r.times.byPriority.map((t) => [
              t.priority,
              formatCount(t.alerts),
              formatMinutes(t.mttaMinutes),
              formatMinutes(t.mttrMinutes),
            ]),
            [
              "All",
              formatCount(a.received.current),
              formatMinutes(r.times.mttaMinutes.current),
              formatMinutes(r.times.mttrMinutes.current),
            ],
          ]}
        />
        <Card title="Resolution and noise">
          <div className="space-y-3">
            <Paragraph testId="resolution">
              {formatCount(r.resolution.resolved)} resolved or closed: {formatCount(r.resolution.automated)} automatically,{" "}
              {formatCount(r.resolution.manual)} by an analyst, {formatCount(r.resolution.unrecorded)} without a recorded
              resolution type.
            </Paragraph>
            <Paragraph testId="noise">
              {formatCount(r.noise.closedWithoutEscalation)} alerts ({formatPercent(r.noise.sharePercent)} of those resolved or
              closed) were closed without escalation. {r.noise.note}
            </Paragraph>
          </div>
        </Card>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <ReportTable
          title="Top rules"
          testId="top-rules"
          csv={csvUrl("service", q, "top-rules")}
          columns={[{ label: "Rule" }, { label: "Alerts", numeric: true }]}
          rows={ranked(r.topRules)}
        />
        <ReportTable
          title="Top detection sources"
          testId="top-sources"
          csv={csvUrl("service", q, "top-sources")}
          columns={[{ label: "Source" }, { label: "Alerts", numeric: true }]}
          rows={ranked(r.topSources)}
        />
        <ReportTable
          title="Top assets (hosts)"
          testId="top-assets"
          csv={csvUrl("service", q, "top-assets")}
          columns={[{ label: "Host" }, { label: "Alerts", numeric: true }]}
          rows={ranked(r.topAssets)}
        />
      </div>
      <ReportTable
        title="Analyst activity"
        testId="analysts"
        csv={csvUrl("service", q, "analysts")}
        columns={[
          { label: "Analyst" },
          { label: "Alerts assigned", numeric: true },
          { label: "Mean time to acknowledge" },
          { label: "Mean time to resolve" },
          { label: "Acknowledged within SLA" },
        ]}
        rows={r.analysts.map((x) => [
          x.name,
          formatCount(x.alerts),
          formatMinutes(x.mttaMinutes),
          formatMinutes(x.mttrMinutes),
          formatPercent(x.ackMetPercent),
        ])}
      />
    </div>
  );
}
