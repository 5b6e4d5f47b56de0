import {
  type ExecutiveReport,
  formatChange,
  formatInZone,
  formatMinutes,
  formatPercent,
  type IncidentDocument,
  type IncidentsReport,
  type ServiceReport,
  type ThreatReport,
} from "@watchfloor/shared";
import { csvField } from "../../lib/csv";

export type Cell = string | number | null;

/**
 * One table of a report: the same rows go into the PDF and the CSV download. "Before" columns
 * are the previous period, which the report names once (cover, title block, CSV file name).
 */
export interface ReportTable {
  name: string;
  title: string;
  columns: string[];
  rows: Cell[][];
  /** Columns whose cells are numbers (right-aligned in the PDF). */
  numeric?: number[];
  /** The column that takes the room left in the PDF (the others fit their content); by default every text column shares it. */
  wide?: number;
  /** Fixed PDF column widths in points ("*" takes the rest), for tables of long text. */
  widths?: (number | "*")[];
}

const percent = (v: number | null) => (v == null ? null : formatPercent(v));
const minutes = (v: number | null) => (v == null ? null : formatMinutes(v));
const epss = (v: number | null) => (v == null ? null : `${(v * 100).toFixed(1)}%`);

export function executiveTables(r: ExecutiveReport): ReportTable[] {
  return [
    {
      name: "alerts-by-priority",
      title: "Alerts by priority",
      columns: ["Priority", "This period", "Before", "Change", "Open now"],
      rows: [
        ...r.alerts.byPriority.map((p) => [
          p.priority,
          p.current,
          p.previous,
          formatChange(p.current, p.previous),
          r.alerts.openByPriority[p.priority] ?? 0,
        ]),
        [
          "All",
          r.alerts.total.current,
          r.alerts.total.previous,
          formatChange(r.alerts.total.current, r.alerts.total.previous),
          r.alerts.open,
        ],
      ],
      numeric: [1, 2, 4],
    },
    {
      name: "incidents-by-priority",
      title: "Incidents opened, by priority",
      columns: ["Priority", "This period", "Before", "Change"],
      rows: [
        ...r.incidents.byPriority.map((p) => [p.priority, p.current, p.previous, formatChange(p.current, p.previous)]),
        [
          "All",
          r.incidents.total.current,
          r.incidents.total.previous,
          formatChange(r.incidents.total.current, r.incidents.total.previous),
        ],
      ],
      numeric: [1, 2],
    },
    {
      name: "sla-and-times",
      title: "SLA adherence and response times",
      columns: ["Measure", "This period", "Before", "Change"],
      rows: [
        [
          "Acknowledged within SLA",
          percent(r.sla.ackMetPercent.current),
          percent(r.sla.ackMetPercent.previous),
          formatChange(r.sla.ackMetPercent.current, r.sla.ackMetPercent.previous, "percent"),
        ],
        [
          "Responded within SLA",
          percent(r.sla.respondMetPercent.current),
          percent(r.sla.respondMetPercent.previous),
          formatChange(r.sla.respondMetPercent.current, r.sla.respondMetPercent.previous, "percent"),
        ],
        [
          "Mean time to acknowledge (MTTA)",
          minutes(r.mttaMinutes.current),
          minutes(r.mttaMinutes.previous),
          formatChange(r.mttaMinutes.current, r.mttaMinutes.previous, "minutes"),
        ],
        [
          "Mean time to resolve (MTTR)",
          minutes(r.mttrMinutes.current),
          minutes(r.mttrMinutes.previous),
          formatChange(r.mttrMinutes.current, r.mttrMinutes.previous, "minutes"),
        ],
        [
          "Alerts escalated to incidents",
          r.alerts.escalated.current,
          r.alerts.escalated.previous,
          formatChange(r.alerts.escalated.current, r.alerts.escalated.previous),
        ],
        [
          "Alerts resolved or closed",
          r.alerts.resolved.current,
          r.alerts.resolved.previous,
          formatChange(r.alerts.resolved.current, r.alerts.resolved.previous),
        ],
      ],
    },
    {
      name: "kev",
      wide: 1,
      title: "Known exploited vulnerabilities (CISA KEV) open now",
      columns: ["CVE", "Name", "Open findings", "Assets", "EPSS"],
      rows: r.kev.top.map((c) => [c.cveId, c.name, c.openFindings, c.assets, epss(c.epss)]),
      numeric: [2, 3],
    },
    {
      name: "top-risks",
      wide: 0,
      title: "Top risks: what would lower the score most",
      columns: ["Action", "Tenant", "Priority", "KEV", "Score drop"],
      rows: r.topRisks.map((t) => [t.action, t.tenantName, t.priority, t.kev ? "Yes" : "No", t.scoreDrop.toFixed(1)]),
      numeric: [4],
    },
    {
      name: "risk-trend",
      title: "Risk score by day",
      columns: ["Day (UTC)", "Score"],
      rows: r.risk.trend.map((p) => [p.live ? `${p.date} (now)` : p.date, p.score.toFixed(1)]),
      numeric: [1],
    },
    {
      name: "compliance",
      title: "Compliance by framework (latest scans)",
      columns: ["Framework", "Pass rate", "Passed", "Failed", "Errors", "Requirements failing"],
      rows: r.compliance.frameworks.map((f) => [
        f.label,
        f.passRate == null ? "—" : `${f.passRate.toFixed(1)}%`,
        f.pass,
        f.fail,
        f.error,
        `${f.requirementsFailing} of ${f.requirements}`,
      ]),
      numeric: [1, 2, 3, 4],
    },
  ];
}

export function serviceTables(r: ServiceReport, breaches: ServiceReport["breaches"]["items"] = r.breaches.items): ReportTable[] {
  const tz = r.meta.timeZone;
  const a = r.alerts;
  const ranked = (name: string, title: string, label: string, rows: { label: string; count: number }[]): ReportTable => ({
    name,
    title,
    columns: [label, "Alerts"],
    rows: rows.map((x) => [x.label, x.count]),
    numeric: [1],
  });
  return [
    {
      name: "volumes",
      title: "Alerts received and handled",
      columns: ["Measure", "This period", "Before", "Change"],
      rows: [
        ["Alerts received", a.received.current, a.received.previous, formatChange(a.received.current, a.received.previous)],
        ["Resolved or closed", a.handled.current, a.handled.previous, formatChange(a.handled.current, a.handled.previous)],
        [
          "Escalated to incidents",
          a.escalated.current,
          a.escalated.previous,
          formatChange(a.escalated.current, a.escalated.previous),
        ],
        [
          "Incidents opened",
          a.incidentsCreated.current,
          a.incidentsCreated.previous,
          formatChange(a.incidentsCreated.current, a.incidentsCreated.previous),
        ],
        ["Still open", a.open, null, null],
      ],
      numeric: [1, 2],
    },
    {
      name: "sla-by-priority",
      title: "SLA met and missed, by priority",
      columns: ["Priority", "Alerts", "Ack met", "Ack missed", "Ack met %", "Response met", "Response missed", "Response met %"],
      rows: [...r.sla.byPriority, r.sla.total].map((s) => [
        s.priority,
        s.alerts,
        s.ackMet,
        s.ackMissed,
        percent(s.ackMetPercent),
        s.respondMet,
        s.respondMissed,
        percent(s.respondMetPercent),
      ]),
      numeric: [1, 2, 3, 5, 6],
    },
    {
      name: "breaches",
      wide: 1,
      title: "SLA breaches",
      columns: ["Detected", "Alert", "Tenant", "Priority", "Status", "Assignee", "Ack SLA", "Response SLA"],
      rows: breaches.map((b) => [
        formatInZone(b.detectedAt, tz),
        b.name,
        b.tenantName,
        b.priority,
        b.status,
        b.assignee,
        b.ackSla,
        b.respondSla,
      ]),
    },
    {
      name: "response-times",
      title: "Response and closure times, by priority",
      columns: ["Priority", "Alerts", "Mean time to acknowledge", "Mean time to resolve"],
      rows: [
        ...r.times.byPriority.map((t) => [t.priority, t.alerts, minutes(t.mttaMinutes), minutes(t.mttrMinutes)]),
        ["All", a.received.current, minutes(r.times.mttaMinutes.current), minutes(r.times.mttrMinutes.current)],
      ],
      numeric: [1],
    },
    ranked("top-rules", "Top rules", "Rule", r.topRules),
    ranked("top-sources", "Top detection sources", "Source", r.topSources),
    ranked("top-assets", "Top assets (hosts)", "Host", r.topAssets),
    {
      name: "analysts",
      wide: 0,
      title: "Analyst activity",
      columns: ["Analyst", "Alerts assigned", "Mean time to acknowledge", "Mean time to resolve", "Acknowledged within SLA"],
      rows: r.analysts.map((x) => [x.name, x.alerts, minutes(x.mttaMinutes), minutes(x.mttrMinutes), percent(x.ackMetPercent)]),
      numeric: [1],
    },
  ];
}

/** The incident list's columns (the alert count, index 6, is a number). */
export const incidentColumns = ["Reference", "Title", "Tenant", "Priority", "Status", "Owner", "Alerts", "Opened", "Resolved"];

/** One incident as a row of the list, in the PDF (streamed or not) and the CSV. */
export const incidentRow = (i: IncidentsReport["items"][number], tz: string): Cell[] => [
  i.reference,
  i.title,
  i.tenantName,
  i.priority,
  i.status,
  i.ownerName,
  i.alertCount,
  formatInZone(i.createdAt, tz),
  i.resolvedAt ? formatInZone(i.resolvedAt, tz) : null,
];

export function incidentsTables(r: IncidentsReport, items: IncidentsReport["items"] = r.items): ReportTable[] {
  const tz = r.meta.timeZone;
  return [
    {
      name: "incidents",
      wide: 1,
      title: "Incidents opened in the period",
      columns: incidentColumns,
      rows: items.map((i) => incidentRow(i, tz)),
      numeric: [6],
    },
    {
      name: "by-priority",
      title: "Incidents by priority",
      columns: ["Priority", "This period", "Before", "Change"],
      rows: r.byPriority.map((p) => [p.priority, p.current, p.previous, formatChange(p.current, p.previous)]),
      numeric: [1, 2],
    },
    {
      name: "by-status",
      title: "Incidents of the period by status now",
      columns: ["Status", "Incidents"],
      rows: r.byStatus.map((s) => [s.status, s.count]),
      numeric: [1],
    },
  ];
}

export function incidentDocumentTables(r: IncidentDocument): ReportTable[] {
  const tz = r.meta.timeZone;
  return [
    {
      name: "timeline",
      wide: 2,
      title: "Timeline",
      columns: ["When", "Who", "What"],
      rows: r.timeline.map((t) => [formatInZone(t.at, tz), t.actorName ?? "System", t.text]),
    },
    {
      name: "alerts",
      wide: 1,
      title: "Linked alerts",
      columns: ["Detected", "Alert", "Priority", "Status", "Source", "Host", "User", "Source address", "Techniques"],
      rows: r.alerts.map((a) => [
        formatInZone(a.detectedAt, tz),
        a.name,
        a.priority,
        a.status,
        a.source,
        a.hostname,
        a.username,
        a.srcIp,
        a.techniques.join(", "),
      ]),
    },
    {
      name: "techniques",
      title: "ATT&CK techniques",
      wide: 1,
      columns: ["Technique", "Name", "Tactics", "Alerts"],
      rows: r.techniques.map((t) => [t.id, t.name, t.tactics.join(", "), t.alerts]),
      numeric: [3],
    },
    {
      name: "assets",
      title: "Affected assets",
      columns: ["Asset", "Kind", "Alerts"],
      rows: r.assets.map((x) => [x.name, x.kind === "host" ? "Host" : "Address", x.alerts]),
      numeric: [2],
    },
    {
      name: "users",
      title: "Affected users",
      columns: ["User", "Alerts"],
      rows: r.users.map((u) => [u.name, u.alerts]),
      numeric: [1],
    },
  ];
}

export function threatTables(r: ThreatReport): ReportTable[] {
  return [
    {
      name: "tactics",
      title: "ATT&CK tactics seen",
      columns: ["Tactic", "Alerts", "Before", "Change"],
      rows: r.tactics.map((t) => [t.tactic, t.current, t.previous, formatChange(t.current, t.previous)]),
      numeric: [1, 2],
    },
    {
      name: "techniques",
      title: "Most frequent techniques",
      wide: 1,
      columns: ["Technique", "Name", "Alerts", "Before", "Change"],
      rows: r.techniques.map((t) => [t.id, t.name, t.current, t.previous, t.isNew ? "new" : formatChange(t.current, t.previous)]),
      numeric: [2, 3],
    },
    {
      name: "new-techniques",
      wide: 1,
      title: "New techniques (not seen in the previous period)",
      columns: ["Technique", "Name", "Alerts"],
      rows: r.newTechniques.map((t) => [t.id, t.name, t.current]),
      numeric: [2],
    },
    {
      name: "addresses",
      title: "Top public source addresses",
      columns: ["Address", "Country", "Alerts"],
      rows: r.sources.addresses.map((a) => [a.address, a.countryName ?? "Unknown", a.alerts]),
      numeric: [2],
    },
    {
      name: "countries",
      title: "Top source countries",
      columns: ["Country", "Addresses", "Alerts"],
      rows: r.sources.countries.map((c) => [c.countryName, c.addresses, c.alerts]),
      numeric: [1, 2],
    },
    {
      name: "cves",
      wide: 1,
      title: "Exploited CVEs open now (CISA KEV)",
      columns: ["CVE", "Name", "Added to KEV", "Ransomware", "EPSS", "Open findings", "Assets", "New in period"],
      rows: r.cves.items.map((c) => [
        c.cveId,
        c.name,
        c.dateAdded,
        c.knownRansomware ? "Yes" : "No",
        epss(c.epss),
        c.openFindings,
        c.assets,
        c.newInPeriod ? "Yes" : "No",
      ]),
      numeric: [5, 6],
    },
  ];
}

/** A table as CSV (RFC 4180, formula-safe), with a header row; "Before" names the previous period. */
export function tableCsv(table: ReportTable, previousLabel?: string): string {
  const line = (cells: Cell[]) => `${cells.map((c) => csvField(c == null ? null : String(c))).join(",")}\r\n`;
  const header = table.columns.map((c) => (c === "Before" && previousLabel ? `Before: ${previousLabel}` : c));
  return line(header) + table.rows.map(line).join("");
}
