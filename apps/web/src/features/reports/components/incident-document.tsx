import { formatCount, formatInZone, type IncidentDocument } from "@watchfloor/shared";
import { Card } from "@/components/ui/page";
import { documentCsvUrl } from "../lib/params";
import { Paragraph, ReportTable } from "./parts";

/** One incident as a document: the fields, timeline, alerts, techniques, assets and users, root cause and resolution. */
export function IncidentDocumentView({ doc }: { doc: IncidentDocument }) {
  const tz = doc.meta.timeZone;
  const inc = doc.incident;
  const when = (v: string | null) => (v ? formatInZone(v, tz) : "—");
  const csv = (table: string) => documentCsvUrl(inc.id, tz, table);
  const fields: [string, string][] = [
    ["Reference", inc.reference],
    ["Tenant", inc.tenantName],
    ["Priority", inc.priority],
    ["Status", inc.status],
    ["Owner", inc.ownerName ?? "—"],
    ["Opened", when(inc.createdAt)],
    ["Acknowledged", when(inc.acknowledgedAt)],
    ["Resolved", when(inc.resolvedAt)],
    ["Closed", when(inc.closedAt)],
    ["Ticket", inc.ticketId ?? "—"],
    ["Linked alerts", formatCount(inc.alertCount)],
  ];
  return (
    <div className="space-y-6" data-testid="incident-document">
      <div className="grid gap-6 xl:grid-cols-3">
        <Card title="Summary" className="min-w-0">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            {fields.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-slate-600 dark:text-slate-400">{k}</dt>
                <dd className="min-w-0 break-words text-slate-900 dark:text-white">{v}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <div className="min-w-0 space-y-6 xl:col-span-2">
          <Card title="Description">
            <Paragraph>{inc.description?.trim() || "No description was recorded."}</Paragraph>
          </Card>
          <Card title="Root cause and resolution">
            <dl className="space-y-3 text-sm">
              <div>
                <dt className="font-medium text-slate-900 dark:text-white">Root cause</dt>
                <dd className="text-slate-800 dark:text-slate-200" data-testid="root-cause">
                  {inc.rootCause?.trim() || "No root cause was recorded."}
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900 dark:text-white">Resolution</dt>
                <dd className="text-slate-800 dark:text-slate-200">
                  {inc.resolutionType
                    ? `Resolved ${inc.resolutionType === "Automated" ? "automatically" : "manually"}.`
                    : "No resolution was recorded yet."}
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900 dark:text-white">Closure notes</dt>
                <dd className="whitespace-pre-wrap text-slate-800 dark:text-slate-200">
                  {inc.closureNotes?.trim() || "No closure notes were recorded."}
                </dd>
              </div>
            </dl>
          </Card>
        </div>
      </div>
      <ReportTable
        title="Timeline"
        testId="timeline"
        csv={csv("timeline")}
        empty="No activity was recorded."
        columns={[{ label: "When" }, { label: "Who" }, { label: "What" }]}
        rows={doc.timeline.map((t) => [formatInZone(t.at, tz), t.actorName ?? "System", t.text])}
      />
      <ReportTable
        title="Linked alerts"
        testId="alerts"
        csv={csv("alerts")}
        empty="No alerts are linked."
        columns={[
          { label: "Detected" },
          { label: "Alert" },
          { label: "Priority" },
          { label: "Status" },
          { label: "Source" },
          { label: "Host" },
          { label: "User" },
          { label: "Source address" },
          { label: "Techniques" },
        ]}
        rows={doc.alerts.map((a) => [
          formatInZone(a.detectedAt, tz),
          a.name,
          a.priority,
          a.status,
          a.source,
          a.hostname ?? "—",
          a.username ?? "—",
          a.srcIp ?? "—",
          a.techniques.join(", ") || "—",
        ])}
      />
      <div className="grid gap-6 xl:grid-cols-3">
        <ReportTable
          title="ATT&CK techniques"
          testId="techniques"
          csv={csv("techniques")}
          empty="The linked alerts name no ATT&CK technique."
          columns={[{ label: "Technique" }, { label: "Name" }, { label: "Tactics" }, { label: "Alerts", numeric: true }]}
          rows={doc.techniques.map((t) => [t.id, t.name ?? "—", t.tactics.join(", ") || "—", formatCount(t.alerts)])}
        />
        <ReportTable
          title="Affected assets"
          testId="assets"
          csv={csv("assets")}
          empty="The linked alerts name no host or address."
          columns={[{ label: "Asset" }, { label: "Kind" }, { label: "Alerts", numeric: true }]}
          rows={doc.assets.map((x) => [x.name, x.kind === "host" ? "Host" : "Address", formatCount(x.alerts)])}
        />
        <ReportTable
          title="Affected users"
          testId="users"
          csv={csv("users")}
          empty="The linked alerts name no user."
          columns={[{ label: "User" }, { label: "Alerts", numeric: true }]}
          rows={doc.users.map((u) => [u.name, formatCount(u.alerts)])}
        />
      </div>
    </div>
  );
}
