import {
  type AssetEnvironment,
  type AssetType,
  type BusinessImpact,
  type FindingInput,
  formatAssetKey,
} from "@watchfloor/shared";
import type { AppContext } from "../context";
import type { AssetIdentitiesTable, AssetsTable } from "../db/tables";
import { days } from "../lib/time";
import { newId } from "../lib/tokens";
import { demoAnalysts, mulberry32 } from "./demo-generator";
import { addTimeline, type TimelineEntry } from "../features/timeline/timeline.repository";
import { setTriageState, tenantFindingIds } from "../features/findings/findings-import.repository";
import { storeFindingEvents } from "../features/findings/findings-import.service";
import type { WireEvent } from "../features/findings/findings-import.protocol";
import { alertHosts, anyAsset, insertAssets, insertIdentities } from "../features/assets/assets.repository";
import { type DemoTarget, demoVulnerabilities } from "./demo-vulnerabilities";
import { demoTenants } from "./seed.repository";

type Rng = () => number;
type SiteKind = "dc" | "office" | "cloud";
interface Site {
  name: string;
  kind: SiteKind;
  lat: number;
  lng: number;
}

/** Each demo tenant's sites, at the real coordinates of their cities (cloud regions: the region's city). */
const sites: Record<string, Site[]> = {
  "tenant-a": [
    { name: "Frankfurt DC", kind: "dc", lat: 50.1109, lng: 8.6821 },
    { name: "London office", kind: "office", lat: 51.5072, lng: -0.1276 },
    { name: "AWS eu-west-1 (Dublin)", kind: "cloud", lat: 53.3498, lng: -6.2603 },
  ],
  "tenant-b": [
    { name: "New York DC", kind: "dc", lat: 40.7128, lng: -74.006 },
    { name: "Chicago office", kind: "office", lat: 41.8781, lng: -87.6298 },
    { name: "AWS us-east-1 (Ashburn)", kind: "cloud", lat: 39.0438, lng: -77.4874 },
  ],
  "tenant-c": [
    { name: "Singapore DC", kind: "dc", lat: 1.3521, lng: 103.8198 },
    { name: "Sydney office", kind: "office", lat: -33.8688, lng: 151.2093 },
    { name: "Azure Japan East (Tokyo)", kind: "cloud", lat: 35.6762, lng: 139.6503 },
  ],
  "tenant-d": [
    { name: "Paris DC", kind: "dc", lat: 48.8566, lng: 2.3522 },
    { name: "Madrid office", kind: "office", lat: 40.4168, lng: -3.7038 },
    { name: "Azure West Europe (Amsterdam)", kind: "cloud", lat: 52.3676, lng: 4.9041 },
  ],
  "tenant-e": [
    { name: "São Paulo DC", kind: "dc", lat: -23.5505, lng: -46.6333 },
    { name: "Toronto office", kind: "office", lat: 43.6532, lng: -79.3832 },
    { name: "GCP us-central1 (Council Bluffs)", kind: "cloud", lat: 41.2619, lng: -95.8608 },
  ],
};

const departments: Record<string, string> = {
  FIN: "Finance",
  ENG: "Engineering",
  SAL: "Sales",
  HR: "HR",
  LEG: "Legal",
  IT: "IT Operations",
  MAR: "Marketing",
  CUS: "Customer Support",
};
const owners = ["Priya Raman", "Marcus Chen", "Sofia Alvarez", "Lukas Schmidt", "Hannah Kim", "Nadia Haddad"];
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
const chance = (rng: Rng, p: number) => rng() < p;

interface DemoAsset {
  row: AssetsTable;
  hostname: string;
  ip: string;
  target: DemoTarget;
}

/** The asset a demo alert host stands for: its prefix says the kind of machine (see demo-generator). */
function hostAsset(rng: Rng, host: { hostname: string }, tenantSites: Site[]) {
  const [prefix = "", code = ""] = host.hostname.split("-");
  const siteOf = (kind: SiteKind) => tenantSites.find((s) => s.kind === kind) ?? null;
  const server = () => ({
    type: "Server" as AssetType,
    target: "Server" as DemoTarget,
    env: (chance(rng, 0.7) ? "On-premise" : "Hybrid") as AssetEnvironment,
    site: siteOf("dc"),
    impact: (code.trim() === "FIN" || chance(rng, 0.4) ? "High" : "Medium") as BusinessImpact,
  });
  const plan: Record<
    string,
    () => { type: AssetType; target: DemoTarget; env: AssetEnvironment; site: Site | null; impact: BusinessImpact }
  > = {
    WS: () => ({
      type: "Workstation",
      target: "Workstation",
      env: chance(rng, 0.8) ? "On-premise" : "Hybrid",
      site: siteOf("office"),
      impact: chance(rng, 0.7) ? "Low" : "Medium",
    }),
    LT: () => {
      const env: AssetEnvironment = chance(rng, 0.6) ? "Hybrid" : "On-premise";
      // A third of the roaming laptops have no site: they are wherever their user is.
      return {
        type: "Workstation",
        target: "Workstation",
        env,
        site: env === "Hybrid" && chance(rng, 0.3) ? null : siteOf("office"),
        impact: "Low",
      };
    },
    SRV: server,
    VM: () => ({
      type: "Server",
      target: "Server",
      env: "Cloud",
      site: siteOf("cloud"),
      impact: chance(rng, 0.5) ? "Medium" : "High",
    }),
    FW: () => ({ type: "Network Device", target: "Network Device", env: "On-premise", site: siteOf("dc"), impact: "High" }),
  };
  const chosen = (plan[prefix] ?? server)();
  return { ...chosen, department: departments[code.trim()] ?? null };
}

function demoAssets(
  rng: Rng,
  slug: string,
  tenantId: string,
  hosts: { hostname: string; client_environment: string | null }[],
  now: number,
): DemoAsset[] {
  const tenantSites = sites[slug] ?? sites["tenant-a"] ?? [];
  const index = "abcde".indexOf(slug.slice(-1)) + 1;
  const extra = [
    ...["FIN", "ENG", "SAL"].map((code, i) => ({
      hostname: `DB-${code}-${String(i + 1).padStart(4, "0")}`,
      kind: "db" as const,
    })),
    ...["portal", "shop"].map((name) => ({ hostname: `${name}.${slug}.example`, kind: "web" as const })),
  ];
  const all = [...hosts.map((h) => ({ ...h, kind: "host" as const })), ...extra.map((e) => ({ ...e, client_environment: null }))];
  return all.map((h, i) => {
    const dc = tenantSites.find((s) => s.kind === "dc") ?? null;
    const cloud = tenantSites.find((s) => s.kind === "cloud") ?? null;
    const spec =
      h.kind === "db"
        ? {
            type: "Database" as AssetType,
            target: "Database" as DemoTarget,
            env: "On-premise" as AssetEnvironment,
            site: dc,
            impact: "High" as BusinessImpact,
            department: departments[h.hostname.split("-")[1] ?? ""] ?? null,
          }
        : h.kind === "web"
          ? {
              type: "Web Application" as AssetType,
              target: "Web Application" as DemoTarget,
              env: "Cloud" as AssetEnvironment,
              site: cloud,
              impact: "High" as BusinessImpact,
              department: "Sales",
            }
          : hostAsset(rng, h, tenantSites);
    const firstSeen = now - days(60 + Math.floor(rng() * 340));
    const row: AssetsTable = {
      id: newId(),
      tenant_id: tenantId,
      asset_key: formatAssetKey(i + 1),
      name: h.hostname,
      type: spec.type,
      department: spec.department,
      business_impact: spec.impact,
      client_environment: spec.env,
      site: spec.site?.name ?? null,
      latitude: spec.site?.lat ?? null,
      longitude: spec.site?.lng ?? null,
      owner: pick(rng, owners),
      internet_facing:
        spec.type === "Web Application" || spec.type === "Network Device" || (spec.env === "Cloud" && chance(rng, 0.3)) ? 1 : 0,
      created_at: firstSeen,
      updated_at: now,
      first_seen: firstSeen,
      last_seen: now - Math.floor(rng() * days(3)),
    };
    return {
      row,
      hostname: h.hostname,
      ip: `10.${index * 10 + (i >> 16)}.${(i >> 8) & 255}.${(i & 255) + 1}`,
      target: spec.target,
    };
  });
}

/** Scanner records for the demo assets: a few applicable vulnerabilities each, some seen by two or three scanners. */
function* demoRecords(rng: Rng, assets: DemoAsset[], now: number): Generator<WireEvent> {
  let row = 0;
  for (const asset of assets) {
    const applicable = demoVulnerabilities.filter((v) => v.on.includes(asset.target));
    const count = Math.floor(rng() * (asset.target === "Workstation" ? 3 : 5));
    const chosen = new Set<number>();
    for (let i = 0; i < count && applicable.length; i++) chosen.add(Math.floor(rng() * applicable.length));
    for (const n of chosen) {
      const v = applicable[n];
      if (!v) continue;
      const firstSeen = now - days(2 + Math.floor(rng() * 118));
      const lastSeen = Math.max(firstSeen, now - Math.floor(rng() * days(2)));
      for (const [scanner, id] of Object.entries(v.ids)) {
        if (scanner !== "nessus" && !chance(rng, 0.45)) continue;
        const finding: FindingInput = {
          scanner,
          scannerFindingId: id,
          hostname: asset.hostname.includes(".") ? undefined : asset.hostname,
          fqdn: asset.hostname.includes(".") ? asset.hostname : undefined,
          ip: asset.ip,
          port: v.port,
          protocol: v.port ? "tcp" : undefined,
          title: v.title,
          severity: v.severity,
          cvssVector: v.vector,
          cveIds: v.cves,
          cweId: v.cwe,
          remediation: v.remediation,
          firstSeen: new Date(firstSeen).toISOString(),
          lastSeen: new Date(lastSeen).toISOString(),
        };
        yield { kind: "record", row: ++row, finding };
      }
    }
  }
}

/**
 * Deterministic assets for the demo tenants: one per host their demo alerts name (so alerts and
 * incidents find their asset and its site on the map), plus databases and web applications, at
 * real city coordinates; then scanner findings with real CVEs through the import path, and a
 * spread of triage states. Runs only when no asset exists yet and the demo alerts are there.
 */
export async function seedDemoAssets(ctx: AppContext): Promise<{ assets: number; findings: number }> {
  if (await anyAsset(ctx.db)) return { assets: 0, findings: 0 };
  const tenants = await demoTenants(ctx.db);
  const now = ctx.now();
  const doer = { userId: null, name: "Demo data" };
  const total = { assets: 0, findings: 0 };
  for (const [t, tenant] of tenants.entries()) {
    const rng = mulberry32(7000 + t);
    const assets = demoAssets(rng, tenant.slug, tenant.id, await alertHosts(ctx.db, tenant.id), now);
    const identities: AssetIdentitiesTable[] = assets.flatMap((a) => [
      // The alert's host name as the map looks it up (lower-cased, as written).
      {
        tenant_id: tenant.id,
        asset_id: a.row.id,
        kind: a.hostname.includes(".") ? "fqdn" : "hostname",
        value: a.hostname.toLowerCase(),
      },
      ...(a.hostname.includes(".")
        ? [{ tenant_id: tenant.id, asset_id: a.row.id, kind: "hostname", value: (a.hostname.split(".")[0] ?? "").toLowerCase() }]
        : []),
      { tenant_id: tenant.id, asset_id: a.row.id, kind: "ip", value: a.ip },
    ]);
    await insertAssets(
      ctx.db,
      assets.map((a) => a.row),
    );
    await insertIdentities(ctx.db, identities);
    const report = await storeFindingEvents(ctx, tenant.id, toAsync(demoRecords(rng, assets, now)), {
      format: "nessus",
      filename: "demo data (generated)",
      doer,
      partial: true,
    });
    total.assets += assets.length;
    total.findings += report.created;
    await triage(ctx, tenant.id, rng, now, doer);
  }
  return total;
}

/** Most findings stay Open; the rest are triaged, in progress or closed, with assignees (written in groups). */
async function triage(
  ctx: AppContext,
  tenantId: string,
  rng: Rng,
  now: number,
  doer: { userId: null; name: string },
): Promise<void> {
  const groups = new Map<string, { status: string; closeReason: string | null; assignee: string; ids: string[] }>();
  for (const f of await tenantFindingIds(ctx.db, tenantId)) {
    const roll = rng();
    if (roll < 0.55) continue;
    const status = roll < 0.67 ? "Triaged" : roll < 0.82 ? "In Progress" : "Closed";
    const closeReason =
      status === "Closed" ? pick(rng, ["Remediated", "Remediated", "Remediated", "Accepted Risk", "False Positive"]) : null;
    const assignee = pick(rng, demoAnalysts);
    const key = `${status}|${closeReason}|${assignee}`;
    const group = groups.get(key) ?? { status, closeReason, assignee, ids: [] };
    group.ids.push(f.id);
    groups.set(key, group);
  }
  const timeline: TimelineEntry[] = [];
  for (const g of groups.values()) {
    const at = now - Math.floor(rng() * days(10));
    await setTriageState(ctx.db, tenantId, g.ids, {
      status: g.status,
      closeReason: g.closeReason,
      assignee: g.assignee,
      closedAt: g.status === "Closed" ? at : null,
      now,
    });
    for (const id of g.ids) {
      timeline.push({
        tenantId,
        subjectType: "finding",
        subjectId: id,
        at,
        actorName: doer.name,
        kind: "status",
        changes: { status: ["Open", g.status], ...(g.closeReason ? { closeReason: g.closeReason } : {}) },
      });
    }
  }
  await addTimeline(ctx.db, timeline);
}

async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}
