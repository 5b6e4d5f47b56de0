import { describe, expect, it } from "vitest";
import {
  buildSurface,
  daysToExpiry,
  expiryState,
  filterSurface,
  type ServiceRow,
  type SurfaceInput,
  sortSurface,
  summarise,
} from "./surface-view";

const day = 86_400_000;
const now = Date.UTC(2026, 10, 21, 12);
const T1 = now - 7 * day;
const T2 = now - day;

const service = (over: Partial<ServiceRow>): ServiceRow => ({
  id: "s",
  tenant_id: "t1",
  asset_id: "a1",
  address: "81.2.69.160",
  hostname: null,
  protocol: "tcp",
  port: 22,
  state: "open",
  service_name: "ssh",
  product: "OpenSSH",
  version: null,
  tls: 0,
  first_seen_at: T1,
  opened_at: T1,
  last_seen_at: T2,
  closed_at: null,
  host_last_scanned_at: T2,
  cert_id: null,
  subject_cn: null,
  subject: null,
  subject_alt_names: null,
  issuer_cn: null,
  issuer: null,
  not_before: null,
  not_after: null,
  sha1: null,
  cert_first_seen_at: null,
  cert_last_seen_at: null,
  ...over,
});

const input = (): SurfaceInput => ({
  now,
  assets: [
    { id: "a1", tenant_id: "t1", tenant_name: "T", asset_key: "ASSET-0001", name: "shop", type: "Server", internet_facing: 1 },
    { id: "a2", tenant_id: "t1", tenant_name: "T", asset_key: "ASSET-0002", name: "db", type: "Server", internet_facing: 0 },
    {
      id: "a3",
      tenant_id: "t1",
      tenant_name: "T",
      asset_key: "ASSET-0003",
      name: "console",
      type: "Web Application",
      internet_facing: 1,
    },
  ],
  identities: [
    { asset_id: "a1", kind: "fqdn", value: "shop.example" },
    { asset_id: "a3", kind: "ip", value: "81.2.69.170" },
  ],
  hosts: [
    {
      asset_id: "a1",
      address: "81.2.69.160",
      public: 1,
      hostnames: '["shop.example"]',
      last_scanned_at: T2,
      previous_scanned_at: T1,
    },
    { asset_id: "a2", address: "10.0.0.5", public: 0, hostnames: "[]", last_scanned_at: T1, previous_scanned_at: null },
  ],
  services: [
    service({ id: "ssh" }),
    service({
      id: "https",
      port: 443,
      service_name: "http",
      product: "nginx",
      tls: 1,
      opened_at: T2,
      first_seen_at: T2,
      cert_id: "c1",
      subject_cn: "shop.example",
      subject: "commonName=shop.example",
      issuer: "commonName=R10",
      subject_alt_names: '[{"type":"DNS","value":"www.shop.example"},{"type":"IP Address","value":"81.2.69.160"}]',
      not_after: now + 5 * day + 1,
      cert_first_seen_at: T2,
      cert_last_seen_at: T2,
    }),
    service({ id: "old", port: 21, service_name: "ftp", product: null, state: "closed", closed_at: T2 }),
    service({
      id: "pg",
      asset_id: "a2",
      address: "10.0.0.5",
      port: 5432,
      service_name: "postgresql",
      product: "PostgreSQL",
      host_last_scanned_at: T1,
    }),
  ],
  findings: [
    { asset_id: "a1", open: 3, critical: "1" },
    { asset_id: "a3", open: "2", critical: 0 },
  ],
  findingPorts: [{ asset_id: "a3", port: 8443, protocol: "tcp", service: "https-alt", first_seen: T1, last_seen: T2 }],
  firstScanAt: new Map([["t1", T1]]),
});

describe("certificate expiry", () => {
  it("counts whole days left; a moment past notAfter is expired", () => {
    expect(daysToExpiry(now + 30 * day, now)).toBe(30);
    expect(daysToExpiry(now + day - 1, now)).toBe(0);
    expect(daysToExpiry(now - 1, now)).toBe(-1);
    expect(daysToExpiry(null, now)).toBeNull();
    expect([expiryState(-1), expiryState(0), expiryState(30), expiryState(31), expiryState(null)]).toEqual([
      "expired",
      "expiring",
      "expiring",
      "valid",
      "unknown",
    ]);
  });
});

describe("buildSurface", () => {
  const [shop, db, consoleOnly] = buildSurface(input());

  it("gathers domains from scans, the inventory and certificate DNS names, never addresses", () => {
    expect(shop?.domains).toEqual(["shop.example", "www.shop.example"]);
    expect(shop?.addresses).toEqual([
      {
        address: "81.2.69.160",
        public: true,
        lastScannedAt: new Date(T2).toISOString(),
        previousScannedAt: new Date(T1).toISOString(),
      },
    ]);
  });

  it("flags the port the latest scan opened, lists the one it closed, and reads the certificate", () => {
    expect(shop?.services.map((s) => [s.port, s.isNew])).toEqual([
      [22, false],
      [443, true],
    ]);
    expect(shop?.closedServices).toEqual([expect.objectContaining({ port: 21, state: "closed" })]);
    expect(shop?.services[1]?.certificate).toMatchObject({
      daysToExpiry: 5,
      expiry: "expiring",
      selfSigned: false,
      subjectAltNames: [{ type: "DNS" }, { type: "IP Address" }],
    });
    expect(shop).toMatchObject({ openFindings: 3, criticalFindings: 1, internetFacing: true });
    expect(db?.services.map((s) => s.isNew)).toEqual([false]);
  });

  it("shows the ports of open findings for an internet-facing asset no scan covered", () => {
    expect(consoleOnly?.services).toEqual([
      expect.objectContaining({ source: "findings", address: "81.2.69.170", port: 8443, name: "https-alt", isNew: false }),
    ]);
    expect(consoleOnly?.addresses).toEqual([
      { address: "81.2.69.170", public: true, lastScannedAt: null, previousScannedAt: null },
    ]);
  });

  it("summarises the whole surface", () => {
    expect(summarise(buildSurface(input()), [T1, T2, T2])).toEqual({
      assets: 3,
      internetFacing: 2,
      openServices: 4,
      newServices: 1,
      certificatesExpiring: 1,
      certificatesExpired: 0,
      internetFacingWithCritical: 1,
      lastScanAt: new Date(T2).toISOString(),
      previousScanAt: new Date(T1).toISOString(),
    });
  });
});

describe("filterSurface and sortSurface", () => {
  const all = buildSurface(input());
  const names = (list: ReturnType<typeof buildSurface>) =>
    list.map((a) => `${a.name}:${a.services.map((s) => s.port).join(",")}`);
  const base = { scope: "all" as const };

  it("keeps only matching services, and the assets that still have one", () => {
    expect(names(filterSurface(all, { ...base, newOnly: true }))).toEqual(["shop:443"]);
    expect(names(filterSurface(all, { ...base, expiringDays: 4 }))).toEqual([]);
    expect(names(filterSurface(all, { ...base, expiringDays: 5 }))).toEqual(["shop:443"]);
    expect(names(filterSurface(all, { ...base, port: 8443 }))).toEqual(["console:8443"]);
    expect(names(filterSurface(all, { ...base, service: "POSTGRES" }))).toEqual(["db:5432"]);
    expect(filterSurface(all, { ...base, port: 21 })[0]?.closedServices.map((s) => s.port)).toEqual([21]);
  });

  it("matches text against names, domains, addresses and certificates; narrows to internet-facing assets", () => {
    expect(names(filterSurface(all, { ...base, q: "www.shop" }))).toEqual(["shop:22,443"]);
    expect(names(filterSurface(all, { ...base, q: "10.0.0" }))).toEqual(["db:5432"]);
    expect(names(filterSurface(all, { scope: "internet" }))).toEqual(["shop:22,443", "console:8443"]);
  });

  it("sorts by new exposures, certificate expiry, findings, open ports and name", () => {
    expect(sortSurface(all, "newest").map((a) => a.name)).toEqual(["shop", "console", "db"]);
    expect(sortSurface(all, "expiry").map((a) => a.name)).toEqual(["shop", "console", "db"]);
    expect(sortSurface(all, "findings").map((a) => a.name)).toEqual(["shop", "console", "db"]);
    expect(sortSurface(all, "ports").map((a) => a.name)).toEqual(["shop", "console", "db"]);
    expect(sortSurface(all, "name").map((a) => a.name)).toEqual(["console", "db", "shop"]);
  });
});
