import {
  formatChange,
  formatCount,
  formatInZone,
  formatMinutes,
  type IncidentsReport,
  reportIncidentFileLimit,
} from "@watchfloor/shared";
import { Link } from "react-router";
import { Card } from "@/components/ui/page";
import { csvUrl } from "../lib/params";
import { BarsChart } from "./charts";
import { Figures, ReportTable, Summary } from "./parts";

/** Every incident of the period; each opens as a document (`documentPath`). */
export function IncidentsReportView({
  report: r,
  documentPath,
}: {
  report: IncidentsReport;
  documentPath: (id: string) => string;
}) {
  const q = r.meta.query;
  const tz = r.meta.timeZone;
  return (
    <div className="space-y-6" data-testid="incidents-report">
      <Summary lines={r.summary} />
      <Figures
        items={[
          {
            key: "created",
            label: "Incidents opened",
            value: formatCount(r.totals.created.current),
            note: `before ${formatCount(r.totals.created.previous)} (${formatChange(r.totals.created.current, r.totals.created.previous)})`,
          },
          { key: "open", label: "Still open", value: formatCount(r.totals.open) },
          { key: "mtta", label: "Mean time to acknowledge", value: formatMinutes(r.totals.mttaMinutes) },
          { key: "mttr", label: "Mean time to resolve", value: formatMinutes(r.totals.mttrMinutes) },
        ]}
      />
      <div className="grid gap-6 lg:grid-cols-2 2xl:grid-cols-3">
        <Card title="Incidents by priority" className="min-w-0 lg:col-span-2 2xl:col-span-1">
          <BarsChart
            categories={r.byPriority.map((p) => p.priority)}
            series={[
              { name: "This period", values: r.byPriority.map((p) => p.current) },
              { name: "Before", values: r.byPriority.map((p) => p.previous) },
            ]}
            summary={`Incidents by priority: ${r.byPriority.map((p) => `${p.priority} ${p.current}`).join(", ")}.`}
          />
        </Card>
        <ReportTable
          title="By priority"
          csv={csvUrl("incidents", q, "by-priority")}
          columns={[
            { label: "Priority" },
            { label: "This period", numeric: true },
            { label: "Before", numeric: true },
            { label: "Change" },
          ]}
          rows={r.byPriority.map((p) => [
            p.priority,
            formatCount(p.current),
            formatCount(p.previous),
            formatChange(p.current, p.previous),
          ])}
        />
        <ReportTable
          title="By status now"
          csv={csvUrl("incidents", q, "by-status")}
          columns={[{ label: "Status" }, { label: "Incidents", numeric: true }]}
          rows={r.byStatus.map((s) => [s.status, formatCount(s.count)])}
        />
      </div>
      <ReportTable
        title="Incidents of the period"
        testId="incident-rows"
        csv={csvUrl("incidents", q, "incidents")}
        note={
          r.truncated
            ? `The newest ${formatCount(r.items.length)} are listed here; the PDF and the CSV list up to ${formatCount(reportIncidentFileLimit)}.`
            : "Open one as a document (timeline, alerts, techniques, assets, root cause)."
        }
        empty="No incidents were opened in the period."
        columns={[
          { label: "Reference" },
          { label: "Title" },
          { label: "Tenant" },
          { label: "Priority" },
          { label: "Status" },
          { label: "Owner" },
          { label: "Alerts", numeric: true },
          { label: "Opened" },
          { label: "Resolved" },
        ]}
        rows={r.items.map((i) => [
          <Link
            key="ref"
            to={documentPath(i.id)}
            className="font-medium text-sky-800 underline-offset-2 hover:underline dark:text-sky-300"
          >
            {i.reference}
          </Link>,
          i.title,
          i.tenantName,
          i.priority,
          i.status,
          i.ownerName ?? "—",
          formatCount(i.alertCount),
          formatInZone(i.createdAt, tz),
          i.resolvedAt ? formatInZone(i.resolvedAt, tz) : "—",
        ])}
      />
    </div>
  );
}
