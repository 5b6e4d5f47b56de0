import {
  formatChange,
  formatCount,
  formatMinutes,
  type IncidentDocument,
  type IncidentStatus,
  type IncidentsReport,
  incidentReference,
  incidentStatuses,
  plural,
  type Priority,
  reportIncidentFileLimit,
  reportIncidentLimit,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { branding } from "../settings/branding.service";
import { notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { iso, isoOrNull } from "../../lib/time";
import { findTechniques } from "../attack/attack.repository";
import { findIncident } from "../incidents/incidents.repository";
import { getIncident } from "../incidents/incidents.service";
import { incidentsByPriority, prioritiesDown } from "./executive-report.service";
import { metaOf, type ReportInput, round1 } from "./report-params";
import { incidentAlertDetails, incidentQuery, incidentRows, tallyIncidents } from "./reports.repository";

type IncidentItem = IncidentsReport["items"][number];
type IncidentRow = Awaited<ReturnType<typeof incidentRows>>[number];

const itemOf = (r: IncidentRow): IncidentItem => ({
  id: r.id,
  reference: incidentReference(r.tenant_slug, r.number),
  tenantName: r.tenant_name,
  title: r.title,
  priority: r.priority as Priority,
  status: r.status as IncidentStatus,
  ownerName: r.owner_name,
  alertCount: Number(r.alert_count ?? 0),
  createdAt: iso(r.created_at),
  resolvedAt: isoOrNull(r.resolved_at),
});

const periodQuery = (input: ReportInput, to = input.period.to) =>
  incidentQuery({ from: iso(input.period.from), to: iso(Math.min(to, input.period.to)) });

/** The incidents created in the period, newest first, as the incident list shows them. */
export async function periodIncidents(ctx: AppContext, input: ReportInput, limit: number) {
  const rows = await incidentRows(ctx.db, input.tenantIds, periodQuery(input), limit);
  return { truncated: rows.length > limit, items: rows.slice(0, limit).map(itemOf) };
}

/**
 * The period's incidents for a streamed document: how many there are (up to the limit), and
 * pages of them read one after another on the list's keyset cursor, so a caller holds one page
 * at a time. Only incidents created before `cutoff` (the document's start) are read, so the
 * count taken first bounds the pages; one deleted meanwhile leaves the pages short.
 */
export async function incidentListPages(ctx: AppContext, input: ReportInput, cutoff: number, pageSize = 250) {
  const q = periodQuery(input, cutoff);
  const total = (await tallyIncidents(ctx.db, input.tenantIds, q)).reduce((sum, t) => sum + t.n, 0);
  const count = Math.min(total, reportIncidentFileLimit);
  async function* pages(): AsyncGenerator<IncidentItem[]> {
    let left = count;
    let after: { v: string | number; id: string } | undefined;
    while (left > 0) {
      const size = Math.min(pageSize, left);
      const rows = (await incidentRows(ctx.db, input.tenantIds, q, size, after)).slice(0, size);
      const last = rows.at(-1);
      if (!last) return;
      left -= rows.length;
      after = { v: last.sort_value, id: last.id };
      yield rows.map(itemOf);
    }
  }
  return { count, truncated: total > count, pages: pages() };
}

/** Every incident created in the period, with counts by priority and status from the incident list's filter. */
export async function incidentsReport(ctx: AppContext, input: ReportInput): Promise<IncidentsReport> {
  const { tenantIds, period } = input;
  const now = await incidentsByPriority(ctx, tenantIds, period.from, period.to);
  const before = await incidentsByPriority(ctx, tenantIds, period.previous.from, period.previous.to);
  const { items, truncated } = await periodIncidents(ctx, input, reportIncidentLimit);
  const byStatus = new Map<string, number>();
  let ackSum = 0;
  let ackN = 0;
  let resolveSum = 0;
  let resolveN = 0;
  for (const t of now.tallies) {
    byStatus.set(t.status, (byStatus.get(t.status) ?? 0) + t.n);
    ackSum += t.ackSum;
    ackN += t.ackN;
    resolveSum += t.resolveSum;
    resolveN += t.resolveN;
  }
  const created = [...now.byPriority.values()].reduce((a, b) => a + b, 0);
  const previous = [...before.byPriority.values()].reduce((a, b) => a + b, 0);
  const report: IncidentsReport = {
    meta: metaOf("incidents", input),
    summary: [],
    totals: {
      created: { current: created, previous },
      open: now.open,
      closed: created - now.open,
      mttaMinutes: ackN ? round1(ackSum / ackN / 60_000) : null,
      mttrMinutes: resolveN ? round1(resolveSum / resolveN / 60_000) : null,
    },
    byPriority: prioritiesDown.map((p) => ({
      priority: p,
      current: now.byPriority.get(p) ?? 0,
      previous: before.byPriority.get(p) ?? 0,
    })),
    byStatus: incidentStatuses.map((s) => ({ status: s, count: byStatus.get(s) ?? 0 })),
    items,
    truncated,
  };
  const previousLabel = period.previous.label;
  const critical = report.byPriority.find((p) => p.priority === "Critical")?.current ?? 0;
  report.summary =
    created === 0
      ? [`No incidents were opened, against ${formatCount(previous)} in ${previousLabel}.`]
      : [
          `${plural(created, "incident")} ${created === 1 ? "was" : "were"} opened, against ${formatCount(previous)} in ${previousLabel} (${formatChange(created, previous)}); ${formatCount(critical)} ${critical === 1 ? "was" : "were"} Critical.`,
          `${formatCount(report.totals.open)} ${report.totals.open === 1 ? "is" : "are"} still open and ${formatCount(report.totals.closed)} ${report.totals.closed === 1 ? "has" : "have"} been resolved or closed.`,
          ...(report.totals.mttaMinutes != null || report.totals.mttrMinutes != null
            ? [
                `On average an incident was acknowledged after ${formatMinutes(report.totals.mttaMinutes)} and resolved after ${formatMinutes(report.totals.mttrMinutes)}.`,
              ]
            : []),
        ];
  return report;
}

const pair = (v: unknown): [string, string] | null =>
  Array.isArray(v) && v.length === 2 ? [String(v[0] ?? "nobody"), String(v[1] ?? "nobody")] : null;

/** One sentence per timeline entry, as the incident page words it. */
function describe(kind: string, changes: Record<string, unknown>, comment: string | null): string {
  switch (kind) {
    case "created":
      return typeof changes.alerts === "number"
        ? `Created the incident with ${plural(changes.alerts, "alert")}.`
        : "Created the incident.";
    case "status": {
      const p = pair(changes.status);
      return `${p ? `Moved it from ${p[0]} to ${p[1]}.` : "Changed the status."}${comment ? ` ${comment}` : ""}`;
    }
    case "assigned": {
      const p = pair(changes.assignee);
      return p ? `Assigned it to ${p[1]}.` : "Changed the owner.";
    }
    case "comment":
      return `Commented: ${comment ?? ""}`;
    case "linked":
      return Array.isArray(changes.alertIds) ? `Linked ${plural(changes.alertIds.length, "alert")}.` : "Linked alerts.";
    default: {
      const fields = Object.keys(changes);
      return fields.length ? `Updated ${fields.join(", ")}.` : "Updated it.";
    }
  }
}

function tally(values: (string | null)[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) {
    const key = v?.trim();
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

const byCount = <T extends { alerts: number; name: string }>(a: T, b: T) => b.alerts - a.alerts || a.name.localeCompare(b.name);

/**
 * One incident as a document: the incident page's fields, timeline and alerts (the caller's
 * scope decides, as on the incident page: another tenant's incident is 404), plus what its
 * alerts name: ATT&CK techniques, hosts and addresses, users.
 */
export async function incidentDocument(
  ctx: AppContext,
  scope: TenantScope,
  incidentId: string,
  timeZone: string,
  generatedBy: string,
): Promise<IncidentDocument> {
  const page = await getIncident(ctx, scope, incidentId);
  const row = await findIncident(ctx.db, scope.tenantIds, incidentId);
  if (!row) throw notFound("Incident");
  const alerts = await incidentAlertDetails(ctx.db, row.tenant_id, incidentId);
  const techniqueAlerts = new Map<string, number>();
  for (const a of alerts)
    for (const t of new Set(JSON.parse(a.mitre_techniques) as string[]))
      techniqueAlerts.set(t, (techniqueAlerts.get(t) ?? 0) + 1);
  const catalogue = new Map<string, { name: string; tactics: string[] }>();
  for (const t of (await findTechniques(ctx.db, [...techniqueAlerts.keys()])).reverse()) {
    catalogue.set(t.technique_id, { name: t.name, tactics: JSON.parse(t.tactics) as string[] });
  }
  const alertTactics = new Map<string, Set<string>>();
  for (const a of alerts)
    for (const t of JSON.parse(a.mitre_techniques) as string[]) {
      const set = alertTactics.get(t) ?? new Set<string>();
      for (const tactic of JSON.parse(a.tactics) as string[]) set.add(tactic);
      alertTactics.set(t, set);
    }
  const hosts = tally(alerts.map((a) => a.hostname));
  const addresses = tally(alerts.flatMap((a) => [a.src_ip, a.dst_ip]));
  const users = tally(alerts.map((a) => a.username));
  const inc = page.incident;
  const tenant = { id: row.tenant_id, name: row.tenant_name };
  return {
    meta: {
      kind: "incidents",
      title: `Incident ${inc.reference}`,
      subject: tenant.name,
      generatedAt: iso(ctx.now()),
      generatedBy,
      provider: (await branding(ctx)).providerName,
      tenants: [tenant],
      allTenants: false,
      period: null,
      timeZone,
      query: new URLSearchParams({ tz: timeZone }).toString(),
    },
    incident: {
      id: inc.id,
      reference: inc.reference,
      tenantName: inc.tenantName,
      title: inc.title,
      priority: inc.priority,
      status: inc.status,
      ownerName: inc.ownerName,
      createdAt: inc.createdAt,
      acknowledgedAt: isoOrNull(row.acknowledged_at),
      resolvedAt: isoOrNull(row.resolved_at),
      closedAt: isoOrNull(row.closed_at),
      description: inc.description,
      rootCause: inc.rootCause,
      resolutionType: inc.resolutionType,
      closureNotes: inc.closureNotes,
      ticketId: inc.ticketId,
      alertCount: inc.alertCount,
    },
    timeline: page.timeline.map((t) => ({
      at: t.at,
      actorName: t.actorName,
      kind: t.kind,
      text: describe(t.kind, t.changes, t.comment),
    })),
    alerts: alerts.map((a) => ({
      id: a.id,
      name: a.name,
      priority: a.priority as Priority,
      status: a.status as IncidentStatus,
      source: a.source,
      detectedAt: iso(a.detected_at),
      hostname: a.hostname,
      username: a.username,
      srcIp: a.src_ip,
      dstIp: a.dst_ip,
      techniques: JSON.parse(a.mitre_techniques) as string[],
    })),
    techniques: [...techniqueAlerts]
      .map(([id, n]) => ({
        id,
        name: catalogue.get(id)?.name ?? null,
        tactics: catalogue.get(id)?.tactics ?? [...(alertTactics.get(id) ?? [])].sort(),
        alerts: n,
      }))
      .sort((a, b) => b.alerts - a.alerts || a.id.localeCompare(b.id)),
    assets: [
      ...[...hosts].map(([name, alerts]) => ({ name, kind: "host" as const, alerts })).sort(byCount),
      ...[...addresses].map(([name, alerts]) => ({ name, kind: "address" as const, alerts })).sort(byCount),
    ],
    users: [...users].map(([name, alerts]) => ({ name, alerts })).sort(byCount),
  };
}
