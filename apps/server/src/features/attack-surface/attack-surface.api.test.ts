import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../test/cli";
import { makeTenant, signedInClient } from "../../test/factories";
import {
  close,
  closedLoopbackPort,
  hasNmap,
  httpsServer,
  listen,
  scanLoopback,
  selfSignedCertificate,
  sshBannerServer,
} from "../../test/loopback-scan";
import { createTestApp, freshDatabaseUrl, type TestApp, type TestClient } from "../../test/test-server";

/**
 * Two real nmap scans of loopback: the first sees SSH, HTTPS (a self-signed certificate valid for
 * 10 more days) and a third port; before the second that port closes and a new one opens.
 */
const skip = !hasNmap;
const day = 86_400_000;
let app: TestApp;
let tenantId: string;
let admin: TestClient;
let viewer: TestClient;
let stranger: TestClient;
let strangerTenant: string;
const scans = { first: "", second: "" };
const ports = { ssh: 0, https: 0, goes: 0, comes: 0, neverOpen: 0 };
const servers: Server[] = [];

const upload = (client: TestClient, xml: string, tenant = tenantId, filename = "scan.xml") =>
  client.request({
    method: "POST",
    url: `/api/v1/imports/nmap?tenantId=${tenant}&filename=${filename}`,
    payload: xml,
    headers: { "content-type": "application/xml" },
  });
const surface = async (client: TestClient, query = "") => {
  const response = await client.get(`/api/v1/attack-surface${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};
const loopbackAsset = async (query = "") =>
  (await surface(admin, query)).items.find((a: { addresses: { address: string }[] }) =>
    a.addresses.some((x) => x.address === "127.0.0.1"),
  );
const byPort = (asset: { services: { port: number }[] }) =>
  new Map(asset.services.map((s) => [s.port, s as Record<string, unknown>]));

/** A one-host Nessus report (the vulnerability scanner side of the same machines). */
const nessus = (ip: string, items: { plugin: string; port: number; severity: number; name: string }[]) => `<?xml version="1.0" ?>
<NessusClientData_v2><Report name="t"><ReportHost name="${ip}"><HostProperties><tag name="host-ip">${ip}</tag></HostProperties>
${items.map((i) => `<ReportItem port="${i.port}" svc_name="www" protocol="tcp" severity="${i.severity}" pluginID="${i.plugin}" pluginName="${i.name}"/>`).join("\n")}
</ReportHost></Report></NessusClientData_v2>`;
const importFindings = async (xml: string) => {
  const response = await admin.request({
    method: "POST",
    url: `/api/v1/imports/findings?tenantId=${tenantId}&format=nessus`,
    payload: xml,
    headers: { "content-type": "application/xml" },
  });
  expect(response.statusCode).toBe(200);
};

beforeAll(async () => {
  app = await createTestApp();
  // nmap's scan times are the wall clock's; the app's clock stands half a day later, so the
  // certificate below has 9.5 days left: 9 whole days.
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  app.clock.now = now.getTime() + day / 2;
  tenantId = (await makeTenant(app, "Surface Co")).id;
  admin = (await signedInClient(app, [{ tenantId, role: "admin" }])).client;
  viewer = (await signedInClient(app, [{ tenantId, role: "viewer" }])).client;
  strangerTenant = (await makeTenant(app, "Stranger Co")).id;
  stranger = (await signedInClient(app, [{ tenantId: strangerTenant, role: "owner" }])).client;
  // A vulnerability scanner already knows 127.0.0.1: the nmap host must join that asset.
  await importFindings(nessus("127.0.0.1", [{ plugin: "70001", port: 22, severity: 3, name: "Weak SSH key exchange" }]));
  if (skip) return;

  const tls = selfSignedCertificate(new Date(now.getTime() - day), new Date(now.getTime() + 10 * day));
  const [ssh, https, goes] = [sshBannerServer(), httpsServer(tls), sshBannerServer()];
  servers.push(ssh, https);
  [ports.ssh, ports.https, ports.goes, ports.neverOpen] = [
    await listen(ssh),
    await listen(https),
    await listen(goes),
    await closedLoopbackPort(),
  ];
  scans.first = await scanLoopback([ports.ssh, ports.https, ports.goes, ports.neverOpen]);
  await close(goes);
  const comes = sshBannerServer();
  servers.push(comes);
  ports.comes = await listen(comes);
  scans.second = await scanLoopback([ports.ssh, ports.https, ports.goes, ports.comes, ports.neverOpen]);
}, 180_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => close(s)));
  await app.close();
});

describe.skipIf(skip)(
  `nmap import against real loopback scans${skip ? " (SKIPPED: nmap is not installed; scripts/test.mjs installs it)" : ""}`,
  () => {
    it("stores the first scan as the baseline, joined to the asset the findings import made", async () => {
      const report = (await upload(admin, scans.first, tenantId, "first.xml")).json();
      expect(report).toMatchObject({
        format: "nmap",
        filename: "first.xml",
        baseline: true,
        hosts: 1,
        hostsNew: 1,
        internetFacingHosts: 0,
        assetsCreated: 0,
        assetsMatched: 1,
        rejectedCount: 0,
        services: { open: 3, new: 3, seen: 0, closed: 0, notOpen: 1 },
        certificates: { total: 1, new: 1, seen: 0 },
      });
      expect(report.nmapVersion).toMatch(/^\d+\.\d+/);
      const asset = await loopbackAsset();
      expect(asset).toMatchObject({ internetFacing: false, openFindings: 1, criticalFindings: 0, closedServices: [] });
      expect(asset.addresses).toEqual([
        expect.objectContaining({ address: "127.0.0.1", public: false, previousScannedAt: null }),
      ]);
      const services = byPort(asset);
      expect([...services.keys()].sort()).toEqual([ports.ssh, ports.https, ports.goes].sort());
      expect([...services.values()].every((s) => s.isNew === false)).toBe(true);
      expect(services.get(ports.ssh)).toMatchObject({
        source: "nmap",
        protocol: "tcp",
        name: "ssh",
        product: "OpenSSH",
        tls: false,
        certificate: null,
      });
      expect(services.get(ports.https)).toMatchObject({ name: "http", product: "nginx", version: "1.22.1", tls: true });
      expect(services.get(ports.https)?.certificate).toMatchObject({
        subjectCn: "watchfloor.test",
        issuerCn: "watchfloor.test",
        selfSigned: true,
        daysToExpiry: 9,
        expiry: "expiring",
        subjectAltNames: [
          { type: "DNS", value: "watchfloor.test" },
          { type: "DNS", value: "alt.watchfloor.test" },
          { type: "IP Address", value: "127.0.0.1" },
        ],
      });
      expect(asset.domains).toEqual(["alt.watchfloor.test", "watchfloor.test"]);
    });

    it("is idempotent: the same scan again changes nothing", async () => {
      const before = await loopbackAsset();
      const report = (await upload(admin, scans.first)).json();
      expect(report).toMatchObject({
        baseline: true,
        hostsNew: 0,
        services: { new: 0, seen: 3, closed: 0 },
        certificates: { total: 1, new: 0, seen: 1 },
      });
      expect(await loopbackAsset()).toEqual(before);
      const rows = await app.ctx.db.selectFrom("surface_services").select("id").where("tenant_id", "=", tenantId).execute();
      expect(rows).toHaveLength(3);
    });

    it("flags the port opened since the previous scan as new and the one gone as closed", async () => {
      const report = (await upload(admin, scans.second, tenantId, "second.xml")).json();
      expect(report).toMatchObject({
        baseline: false,
        hostsNew: 0,
        services: { open: 3, new: 1, seen: 2, closed: 1, notOpen: 2 },
        certificates: { new: 0, seen: 1 },
      });
      const asset = await loopbackAsset();
      const services = byPort(asset);
      expect([...services.keys()].sort()).toEqual([ports.ssh, ports.https, ports.comes].sort());
      expect(services.get(ports.comes)).toMatchObject({ isNew: true, name: "ssh" });
      expect(services.get(ports.ssh)?.isNew).toBe(false);
      expect(asset.closedServices).toEqual([expect.objectContaining({ port: ports.goes, state: "closed", name: "ssh" })]);
      expect(asset.addresses[0].previousScannedAt).not.toBeNull();
      const { summary } = await surface(admin);
      expect(summary).toMatchObject({
        assets: 1,
        internetFacing: 0,
        openServices: 3,
        newServices: 1,
        certificatesExpiring: 1,
        certificatesExpired: 0,
      });
      expect(Date.parse(summary.lastScanAt)).toBeGreaterThan(Date.parse(summary.previousScanAt));
    });

    it("keeps the newest state when an older scan is imported late", async () => {
      const report = (await upload(admin, scans.first)).json();
      expect(report.services).toMatchObject({ new: 0, closed: 0 });
      const asset = await loopbackAsset();
      expect(byPort(asset).get(ports.comes)?.isNew).toBe(true);
      expect(asset.closedServices.map((s: { port: number }) => s.port)).toEqual([ports.goes]);
    });

    it("filters by new, certificate expiry, port, service and text, and sorts", async () => {
      const only = async (query: string) => (await loopbackAsset(query)) ?? null;
      expect([...byPort(await only("?newOnly=true")).keys()]).toEqual([ports.comes]);
      expect(await only("?expiringDays=5")).toBeNull();
      expect([...byPort(await only("?expiringDays=30")).keys()]).toEqual([ports.https]);
      expect([...byPort(await only(`?port=${ports.ssh}`)).keys()]).toEqual([ports.ssh]);
      expect([...byPort(await only("?service=nginx")).keys()]).toEqual([ports.https]);
      expect(await only("?q=alt.watchfloor")).not.toBeNull();
      expect((await surface(admin, "?q=no-such-host")).total).toBe(0);
      for (const sort of ["newest", "expiry", "findings", "ports", "name"])
        expect((await surface(admin, `?sort=${sort}`)).total).toBe(1);
      const bad = await admin.get("/api/v1/attack-surface?port=70000&sort=sideways");
      expect(bad.statusCode).toBe(400);
    });

    it("lists the imports, newest first", async () => {
      const { items } = (await admin.get("/api/v1/attack-surface/imports")).json();
      expect(items.map((i: { filename: string; baseline: boolean }) => [i.filename, i.baseline])).toEqual([
        ["scan.xml", true],
        ["second.xml", false],
        ["scan.xml", true],
        ["first.xml", true],
      ]);
      expect(items[1]).toMatchObject({
        hosts: 1,
        servicesOpen: 3,
        servicesNew: 1,
        servicesClosed: 1,
        certificates: 1,
        rejected: 0,
        tenantName: "Surface Co",
      });
    });

    it("keeps each tenant's surface to itself", async () => {
      const theirs = (await upload(stranger, scans.second, strangerTenant)).json();
      expect(theirs).toMatchObject({ baseline: true, assetsCreated: 1, services: { new: 3 } });
      const seen = await surface(stranger);
      expect(seen.items).toHaveLength(1);
      expect(seen.items[0].tenantId).toBe(strangerTenant);
      expect(seen.items[0].services.every((s: { isNew: boolean }) => !s.isNew)).toBe(true);
      expect((await surface(admin)).items[0].tenantId).toBe(tenantId);
      expect(
        (await stranger.request({ method: "GET", url: "/api/v1/attack-surface", headers: { "x-tenant-id": tenantId } }))
          .statusCode,
      ).toBe(404);
      expect((await upload(stranger, scans.first, tenantId)).statusCode).toBe(404);
      expect((await upload(viewer, scans.first)).statusCode).toBe(403);
      expect((await viewer.get("/api/v1/attack-surface")).statusCode).toBe(200);
    });
  },
);

// Written to nmap's DTD: an internet-facing web server, a host with only a MAC address, a down host.
const publicScan = `<?xml version="1.0" encoding="UTF-8"?>
<nmaprun scanner="nmap" args="nmap -sV --script ssl-cert -oX - shop.example" start="1790000000" version="7.93" xmloutputversion="1.05">
<host><status state="up" reason="syn-ack"/><address addr="81.2.69.160" addrtype="ipv4"/><hostnames><hostname name="shop.example" type="user"/></hostnames>
<ports><port protocol="tcp" portid="443"><state state="open" reason="syn-ack"/><service name="http" product="nginx" tunnel="ssl" method="probed" conf="10"/>
<script id="ssl-cert" output="Subject: commonName=shop.example&#xa;Subject Alternative Name: DNS:shop.example, DNS:www.shop.example&#xa;Issuer: commonName=R10&#xa;Not valid before: 2026-01-01T00:00:00&#xa;Not valid after:  2026-03-01T00:00:00"/></port></ports></host>
<host><status state="up" reason="arp-response"/><address addr="00:0C:29:AB:CD:EF" addrtype="mac"/></host>
<host><status state="down" reason="no-response"/><address addr="81.2.69.161" addrtype="ipv4"/></host>
<runstats><finished time="1790000100"/><hosts up="2" down="1" total="3"/></runstats>
</nmaprun>
`;

describe("internet-facing assets", () => {
  it("marks a public address internet-facing and counts its critical findings; findings alone put a public asset on the surface", async () => {
    await importFindings(
      nessus("81.2.69.160", [{ plugin: "70002", port: 443, severity: 4, name: "Remote code execution in the storefront" }]),
    );
    await importFindings(nessus("81.2.69.170", [{ plugin: "70003", port: 8443, severity: 2, name: "Admin console exposed" }]));
    const report = (await upload(admin, publicScan, tenantId, "public.xml")).json();
    expect(report).toMatchObject({
      hosts: 1,
      internetFacingHosts: 1,
      assetsMatched: 1,
      rejectedCount: 1,
      skipped: [{ reason: "host down", count: 1 }],
    });
    expect(report.rejected[0].problems[0].field).toBe("addresses");
    const result = await surface(admin, "?scope=internet&sort=findings");
    const [shop, consoleOnly] = result.items;
    expect(shop).toMatchObject({
      internetFacing: true,
      criticalFindings: 1,
      openFindings: 1,
      domains: ["shop.example", "www.shop.example"],
    });
    expect(shop.services[0].certificate).toMatchObject({ subjectCn: "shop.example", expiry: "expired", selfSigned: false });
    expect(consoleOnly).toMatchObject({
      internetFacing: true,
      openFindings: 1,
      services: [expect.objectContaining({ source: "findings", address: "81.2.69.170", port: 8443 })],
    });
    expect(result.summary).toMatchObject({ internetFacingWithCritical: 1, certificatesExpired: 1 });
    expect(result.items.every((a: { internetFacing: boolean }) => a.internetFacing)).toBe(true);
  });

  it("rejects an interrupted scan whole and writes nothing", async () => {
    const before = await app.ctx.db.selectFrom("surface_imports").select("id").where("tenant_id", "=", tenantId).execute();
    const response = await upload(admin, publicScan.slice(0, publicScan.indexOf("<runstats>")));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: "MALFORMED_FILE" });
    expect(await app.ctx.db.selectFrom("surface_imports").select("id").where("tenant_id", "=", tenantId).execute()).toHaveLength(
      before.length,
    );
    expect((await upload(admin, "<NessusClientData_v2/>")).statusCode).toBe(422);
  });
});

describe("watchfloor import nmap", () => {
  let dir: string;
  let db: Awaited<ReturnType<typeof freshDatabaseUrl>>;
  const cli = (...args: string[]) => runCli(db.url, ...args);
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "wf-cli-nmap-"));
    db = await freshDatabaseUrl(path.join(dir, "cli.db"));
  });
  afterAll(async () => {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("imports a scan into a tenant, says what it did, and refuses an interrupted file", async () => {
    expect((await cli("migrate")).code).toBe(0);
    expect((await cli("tenant", "create", "--name", "Edge Co", "--slug", "edge-co")).code).toBe(0);
    const file = path.join(dir, "edge.xml");
    writeFileSync(file, publicScan);
    const first = await cli("import", "nmap", file, "--tenant", "edge-co");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      "1 hosts (1 new, 1 internet-facing), 1 open services (1 new, 0 seen again), 0 closed since the previous scan, 1 certificates (1 new), 1 rejected",
    );
    expect(first.stdout).toContain("first scan of this tenant");
    expect(first.stdout).toContain("rejected host at line 6: addresses: needs an IPv4 or IPv6 address");
    const again = JSON.parse((await cli("import", "nmap", file, "--tenant", "edge-co", "--json")).stdout);
    expect(again).toMatchObject({ format: "nmap", filename: "edge.xml", hostsNew: 0, services: { new: 0, seen: 1 } });
    writeFileSync(file, publicScan.slice(0, publicScan.indexOf("<runstats>")));
    const broken = await cli("import", "nmap", file, "--tenant", "edge-co");
    expect(broken.code).not.toBe(0);
    expect(broken.stderr).toContain("rejected whole");
    expect((await cli("import", "nmap", file, "--tenant", "nobody")).stderr).toContain("No tenant with slug nobody");
  }, 120_000);
});
