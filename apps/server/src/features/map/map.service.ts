import { type IncidentStatus, type MapPoints, mapIncidentLimit, normaliseAddress, type Priority } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { iso } from "../../lib/time";
import type { DashboardRange } from "../dashboard/dashboard.service";
import { incidentReference } from "@watchfloor/shared";
import { locateAddress } from "./geoip";
import { groupPoints } from "./map-points";
import * as repo from "./map.repository";
import { type AlertEvidence, type IncidentEvidence, placeIncident, type Site } from "./placement";

type AlertRow = Awaited<ReturnType<typeof repo.alertsOfIncidents>>[number];

/** The identities an alert's host may be recorded under, best first: full name, short name. */
function hostKeys(hostname: string | null): [kind: string, value: string][] {
  const host = hostname?.trim().toLowerCase();
  if (!host) return [];
  const dot = host.indexOf(".");
  return dot > 0
    ? [
        ["fqdn", host],
        ["hostname", host.slice(0, dot)],
      ]
    : [["hostname", host]];
}

const addressOf = (raw: string | null) => (raw?.trim() ? normaliseAddress(raw) : null);

/** Every identity the alert could match: its host names, then its destination and source address. */
function identities(alert: AlertRow): [kind: string, value: string][] {
  const ips = [addressOf(alert.dst_ip), addressOf(alert.src_ip)].filter((ip): ip is string => ip !== null);
  return [...hostKeys(alert.hostname), ...ips.map((ip): [string, string] => ["ip", ip])];
}

/**
 * Incidents created in the window in the tenants in scope, placed on the map (placement.ts) and
 * grouped into points. Incidents with no location are counted in `incidents` but not drawn.
 */
export async function mapPoints(ctx: AppContext, tenantIds: readonly string[], range: DashboardRange): Promise<MapPoints> {
  const window = { tenantIds, from: range.from, to: range.to };
  const newest = await repo.incidentsInWindow(ctx.db, window, mapIncidentLimit + 1);
  const truncated = newest.length > mapIncidentLimit;
  const incidents = newest.slice(0, mapIncidentLimit);
  // Newest alert first: the newest alert with a site or a public source places its incident.
  const alerts = (
    await repo.alertsOfIncidents(
      ctx.db,
      tenantIds,
      incidents.map((i) => i.id),
    )
  ).sort((a, b) => b.detected_at - a.detected_at || b.id.localeCompare(a.id));

  const keys = alerts.map(identities);
  // One pass over the inventory: sites for host names and addresses, and which addresses are our own.
  const known = await repo.assetsByIdentity(
    ctx.db,
    tenantIds,
    ["hostname", "fqdn", "ip"],
    keys.flat().map(([, value]) => value),
  );
  const sites = new Map<string, Site>();
  const own = new Set<string>();
  for (const row of known) {
    const key = `${row.tenant_id}|${row.kind}|${row.value}`;
    if (row.kind === "ip") own.add(key);
    if (row.latitude === null || row.longitude === null) continue;
    sites.set(key, {
      assetName: row.name,
      site: row.site,
      environment: row.client_environment,
      lat: row.latitude,
      lng: row.longitude,
    });
  }

  const evidence = new Map<string, AlertEvidence[]>();
  for (const [index, alert] of alerts.entries()) {
    const source = addressOf(alert.src_ip);
    const site = (keys[index] ?? [])
      .map(([kind, value]) => sites.get(`${alert.tenant_id}|${kind}|${value}`))
      .find((s) => s !== undefined);
    // A public source that is one of our own assets (an internet-facing server) is no external threat.
    const foreign = source !== null && !own.has(`${alert.tenant_id}|ip|${source}`);
    const item: AlertEvidence = {
      rootCause: alert.root_cause,
      type: alert.type,
      clientEnvironment: alert.client_environment,
      site: site ?? null,
      origin: foreign ? locateAddress(source) : null,
    };
    const list = evidence.get(alert.incident_id ?? "") ?? [];
    list.push(item);
    evidence.set(alert.incident_id ?? "", list);
  }

  const placed = incidents.flatMap((incident) => {
    const input: IncidentEvidence = { rootCause: incident.root_cause, alerts: evidence.get(incident.id) ?? [] };
    const placement = placeIncident(input);
    if (!placement) return [];
    return [
      {
        placement,
        incident: {
          id: incident.id,
          tenantId: incident.tenant_id,
          tenantName: incident.tenant_name,
          reference: incidentReference(incident.tenant_slug, incident.number),
          title: incident.title,
          priority: incident.priority as Priority,
          status: incident.status as IncidentStatus,
          createdAt: iso(incident.created_at),
        },
      },
    ];
  });

  return {
    from: iso(range.from),
    to: iso(range.to),
    incidents: truncated ? await repo.countIncidentsInWindow(ctx.db, window) : incidents.length,
    placed: placed.length,
    truncated,
    points: groupPoints(placed),
  };
}
