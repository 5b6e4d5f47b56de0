import {
  type AttackSurfaceQuery,
  type AttackSurfaceSummary,
  type CertificateExpiryState,
  certificateExpiringDays,
  isPublicAddress,
  type SurfaceAsset,
  type SurfaceCertificate,
  type SurfaceService,
} from "@watchfloor/shared";
import { iso, isoOrNull } from "../../lib/time";
import { isNewService } from "./surface-diff";

const DAY = 86_400_000;

/** Whole days to `notAfter`, negative once it has passed (a second past expiry is day -1). */
export function daysToExpiry(notAfter: number | null, now: number): number | null {
  return notAfter === null ? null : Math.floor((notAfter - now) / DAY);
}

export function expiryState(days: number | null): CertificateExpiryState {
  if (days === null) return "unknown";
  if (days < 0) return "expired";
  return days <= certificateExpiringDays ? "expiring" : "valid";
}

/** The rows the page is built from (attack-surface.repository), already narrowed to the tenants in scope. */
export interface SurfaceInput {
  now: number;
  assets: {
    id: string;
    tenant_id: string;
    tenant_name: string;
    asset_key: string;
    name: string;
    type: string;
    internet_facing: number;
  }[];
  identities: { asset_id: string; kind: string; value: string }[];
  hosts: {
    asset_id: string;
    address: string;
    public: number;
    hostnames: string;
    last_scanned_at: number;
    previous_scanned_at: number | null;
  }[];
  services: ServiceRow[];
  findings: { asset_id: string; open: number | string; critical: number | string | null }[];
  findingPorts: {
    asset_id: string;
    port: number | null;
    protocol: string;
    service: string | null;
    first_seen: number | string;
    last_seen: number | string;
  }[];
  /** Informational scanner results kept with --include-info that name a port (current ones). */
  observedPorts?: {
    asset_id: string;
    scanner: string;
    port: number;
    protocol: string;
    service: string | null;
    title: string;
    first_seen: number | string;
    last_seen: number | string;
  }[];
  /** Each tenant's first scan: services it found are the baseline, never "new". */
  firstScanAt: ReadonlyMap<string, number>;
}

export interface ServiceRow {
  id: string;
  tenant_id: string;
  asset_id: string;
  address: string;
  hostname: string | null;
  protocol: string;
  port: number;
  state: string;
  service_name: string | null;
  product: string | null;
  version: string | null;
  tls: number;
  first_seen_at: number;
  opened_at: number;
  last_seen_at: number;
  closed_at: number | null;
  host_last_scanned_at: number;
  cert_id: string | null;
  subject_cn: string | null;
  subject: string | null;
  subject_alt_names: string | null;
  issuer_cn: string | null;
  issuer: string | null;
  not_before: number | null;
  not_after: number | null;
  sha1: string | null;
  cert_first_seen_at: number | null;
  cert_last_seen_at: number | null;
}

function certificateOf(r: ServiceRow, now: number): SurfaceCertificate | null {
  if (!r.cert_id) return null;
  const days = daysToExpiry(r.not_after, now);
  return {
    id: r.cert_id,
    subjectCn: r.subject_cn,
    subjectAltNames: JSON.parse(r.subject_alt_names ?? "[]"),
    issuerCn: r.issuer_cn,
    issuer: r.issuer,
    notBefore: isoOrNull(r.not_before),
    notAfter: isoOrNull(r.not_after),
    daysToExpiry: days,
    expiry: expiryState(days),
    selfSigned: r.subject !== null && r.subject === r.issuer,
    sha1: r.sha1,
    firstSeenAt: iso(r.cert_first_seen_at ?? r.first_seen_at),
    lastSeenAt: iso(r.cert_last_seen_at ?? r.last_seen_at),
  };
}

function groupBy<T extends { asset_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(r.asset_id, [...(out.get(r.asset_id) ?? []), r]);
  return out;
}

/** A certificate name that is a DNS name, not an address ("IP Address" SANs and CNs of bare IPs are not domains). */
const dnsName = (value: string) => !/^[\d.]+$/.test(value) && !value.includes(":");

const OBSERVATION_TITLES = 5;

/**
 * Informational scanner results (kept with --include-info) on an asset's ports: their titles join
 * the port's entry; a port no other source lists opens an entry of source "scanner", unless a
 * network scan of the asset after the result saw it closed (nmap decides what is open now).
 */
function addObservedPorts(
  list: SurfaceService[],
  rows: NonNullable<SurfaceInput["observedPorts"]>,
  asset: { address: string | null; assetId: string; lastNmapScan: number },
): void {
  const byPort = new Map(list.map((s) => [`${s.protocol}/${s.port}`, s]));
  for (const o of rows) {
    const key = `${o.protocol}/${o.port}`;
    let service = byPort.get(key);
    if (!service) {
      if (Number(o.last_seen) <= asset.lastNmapScan) continue;
      service = {
        id: `observed:${asset.assetId}:${key}`,
        source: "scanner",
        address: asset.address,
        hostname: null,
        protocol: o.protocol,
        port: o.port,
        name: o.service,
        product: null,
        version: null,
        tls: false,
        isNew: false,
        firstSeenAt: iso(Number(o.first_seen)),
        openedAt: null,
        lastSeenAt: iso(Number(o.last_seen)),
        certificate: null,
        observations: [],
      };
      byPort.set(key, service);
      list.push(service);
    }
    service.name ??= o.service;
    const title = `${o.scanner}: ${o.title}`;
    if (service.observations.length < OBSERVATION_TITLES && !service.observations.includes(title))
      service.observations.push(title);
  }
}

/** Every asset on the surface with its addresses, domains, open and just-closed services, and findings. */
export function buildSurface(input: SurfaceInput): SurfaceAsset[] {
  const hosts = groupBy(input.hosts);
  const services = groupBy(input.services);
  const identities = groupBy(input.identities);
  const findingPorts = groupBy(input.findingPorts);
  const observed = groupBy(input.observedPorts ?? []);
  const findings = new Map(input.findings.map((f) => [f.asset_id, f]));
  return input.assets.map((a) => {
    const own = services.get(a.id) ?? [];
    const open = own.filter((s) => s.closed_at === null);
    const scanned = hosts.get(a.id) ?? [];
    const firstScan = input.firstScanAt.get(a.tenant_id) ?? null;
    const list: SurfaceService[] = open.map((s) => ({
      id: s.id,
      source: "nmap",
      address: s.address,
      hostname: s.hostname,
      protocol: s.protocol,
      port: s.port,
      name: s.service_name,
      product: s.product,
      version: s.version,
      tls: s.tls === 1,
      isNew: isNewService({ closedAt: s.closed_at, openedAt: s.opened_at }, s.host_last_scanned_at, firstScan),
      firstSeenAt: iso(s.first_seen_at),
      openedAt: iso(s.opened_at),
      lastSeenAt: iso(s.last_seen_at),
      certificate: certificateOf(s, input.now),
      observations: [],
    }));
    // An internet-facing asset no scan covered: the ports its open findings name.
    if (scanned.length === 0) {
      const ip = (identities.get(a.id) ?? []).find((i) => i.kind === "ip")?.value ?? null;
      for (const p of findingPorts.get(a.id) ?? []) {
        if (p.port === null) continue;
        list.push({
          id: `finding:${a.id}:${p.protocol}/${p.port}`,
          source: "findings",
          address: ip,
          hostname: null,
          protocol: p.protocol,
          port: p.port,
          name: p.service,
          product: null,
          version: null,
          tls: false,
          isNew: false,
          firstSeenAt: iso(Number(p.first_seen)),
          openedAt: null,
          lastSeenAt: iso(Number(p.last_seen)),
          certificate: null,
          observations: [],
        });
      }
    }
    const lastScan = Math.max(0, ...scanned.map((h) => h.last_scanned_at));
    addObservedPorts(list, observed.get(a.id) ?? [], {
      address: (identities.get(a.id) ?? []).find((i) => i.kind === "ip")?.value ?? null,
      assetId: a.id,
      lastNmapScan: lastScan,
    });
    const addresses: SurfaceAsset["addresses"] = scanned.map((h) => ({
      address: h.address,
      public: h.public === 1,
      lastScannedAt: iso(h.last_scanned_at),
      previousScannedAt: isoOrNull(h.previous_scanned_at),
    }));
    for (const i of identities.get(a.id) ?? []) {
      if (i.kind === "ip" && !addresses.some((x) => x.address === i.value))
        addresses.push({ address: i.value, public: isPublicAddress(i.value), lastScannedAt: null, previousScannedAt: null });
    }
    const domains = new Set<string>();
    for (const h of scanned) for (const n of JSON.parse(h.hostnames) as string[]) domains.add(n);
    for (const i of identities.get(a.id) ?? []) if (i.kind === "fqdn") domains.add(i.value);
    for (const s of list) {
      for (const name of [
        s.certificate?.subjectCn,
        ...(s.certificate?.subjectAltNames ?? []).filter((n) => n.type === "DNS").map((n) => n.value),
      ]) {
        if (name && dnsName(name)) domains.add(name.toLowerCase());
      }
    }
    const figures = findings.get(a.id);
    return {
      id: a.id,
      tenantId: a.tenant_id,
      tenantName: a.tenant_name,
      assetKey: a.asset_key,
      name: a.name,
      type: a.type,
      internetFacing: a.internet_facing === 1,
      domains: [...domains].sort(),
      addresses,
      services: list,
      closedServices: own
        .filter((s) => s.closed_at !== null)
        .map((s) => ({
          id: s.id,
          address: s.address,
          protocol: s.protocol,
          port: s.port,
          name: s.service_name,
          state: s.state,
          closedAt: iso(s.closed_at as number),
        })),
      openFindings: Number(figures?.open ?? 0),
      criticalFindings: Number(figures?.critical ?? 0),
      lastScannedAt: lastScan > 0 ? iso(lastScan) : null,
    };
  });
}

export function summarise(assets: readonly SurfaceAsset[], scans: readonly number[]): AttackSurfaceSummary {
  const services = assets.flatMap((a) => a.services);
  const distinct = [...new Set(scans)].sort((a, b) => b - a);
  return {
    assets: assets.length,
    internetFacing: assets.filter((a) => a.internetFacing).length,
    openServices: services.length,
    newServices: services.filter((s) => s.isNew).length,
    certificatesExpiring: services.filter((s) => s.certificate?.expiry === "expiring").length,
    certificatesExpired: services.filter((s) => s.certificate?.expiry === "expired").length,
    internetFacingWithCritical: assets.filter((a) => a.internetFacing && a.criticalFindings > 0).length,
    lastScanAt: isoOrNull(distinct[0]),
    previousScanAt: isoOrNull(distinct[1]),
  };
}

type Filters = Pick<AttackSurfaceQuery, "newOnly" | "expiringDays" | "port" | "service" | "q" | "scope">;

/** Service filters keep an asset only with the services that match (open or just closed); text matches the asset or any of its services. */
export function filterSurface(assets: readonly SurfaceAsset[], f: Filters): SurfaceAsset[] {
  const needle = f.service?.toLowerCase();
  const keep = (s: { port: number; name: string | null }, product: string | null = null) =>
    (f.port === undefined || s.port === f.port) && (!needle || `${s.name ?? ""} ${product ?? ""}`.toLowerCase().includes(needle));
  const serviceFilter = Boolean(f.newOnly || f.expiringDays !== undefined || f.port !== undefined || needle);
  const text = f.q?.toLowerCase();
  return assets.flatMap((a) => {
    if (f.scope === "internet" && !a.internetFacing) return [];
    if (text && !haystack(a).includes(text)) return [];
    if (!serviceFilter) return [a];
    const services = a.services.filter(
      (s) =>
        keep(s, s.product) &&
        (!f.newOnly || s.isNew) &&
        (f.expiringDays === undefined || (s.certificate?.daysToExpiry != null && s.certificate.daysToExpiry <= f.expiringDays)),
    );
    // A port or service filter also finds what the latest scan closed ("is 21 still open?").
    const closedServices = f.newOnly || f.expiringDays !== undefined ? [] : a.closedServices.filter((s) => keep(s));
    return services.length + closedServices.length > 0 ? [{ ...a, services, closedServices }] : [];
  });
}

function haystack(a: SurfaceAsset): string {
  const parts = [a.name, a.assetKey, ...a.domains, ...a.addresses.map((x) => x.address)];
  for (const s of a.services)
    parts.push(
      String(s.port),
      s.name ?? "",
      s.product ?? "",
      s.version ?? "",
      s.certificate?.subjectCn ?? "",
      s.certificate?.issuerCn ?? "",
    );
  return parts.join("\n").toLowerCase();
}

const newest = (a: SurfaceAsset) => Math.max(0, ...a.services.map((s) => Date.parse(s.openedAt ?? s.firstSeenAt ?? "") || 0));
const soonest = (a: SurfaceAsset) =>
  Math.min(Number.POSITIVE_INFINITY, ...a.services.map((s) => s.certificate?.daysToExpiry ?? Number.POSITIVE_INFINITY));
const byName = (a: SurfaceAsset, b: SurfaceAsset) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

export function sortSurface(assets: readonly SurfaceAsset[], sort: AttackSurfaceQuery["sort"]): SurfaceAsset[] {
  const order: Record<AttackSurfaceQuery["sort"], (a: SurfaceAsset, b: SurfaceAsset) => number> = {
    // New exposures first, then the most recently opened.
    newest: (a, b) =>
      b.services.filter((s) => s.isNew).length - a.services.filter((s) => s.isNew).length || newest(b) - newest(a),
    expiry: (a, b) => soonest(a) - soonest(b),
    findings: (a, b) => b.criticalFindings - a.criticalFindings || b.openFindings - a.openFindings,
    ports: (a, b) => b.services.length - a.services.length,
    name: () => 0,
  };
  return [...assets].sort((a, b) => {
    const diff = order[sort](a, b);
    return Number.isNaN(diff) || diff === 0 ? byName(a, b) : diff;
  });
}
