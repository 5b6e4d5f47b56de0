import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AttackSurface, FindingImportReport } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";
import { nessusItem, nessusReport } from "../../test/finding-factories";

/**
 * Issue 20: scanner imports skip informational results unless `includeInfo=true`, which keeps
 * them as observations (never findings) and shows the ports they name on the attack surface.
 */
const data = path.resolve(fileURLToPath(new URL("../../../../../../shared/data", import.meta.url)));
const nessusFile = readFileSync(path.join(data, "vulnscans/nessus/nessus_with_cvssv3.nessus"));
const day = 86_400_000;
let app: TestApp;
let tenantId: string;
let otherTenantId: string;
let admin: TestClient;
let other: TestClient;

const upload = async (client: TestClient, tenant: string, file: string | Buffer, query = "") => {
  const response = await client.request({
    method: "POST",
    url: `/api/v1/imports/findings?tenantId=${tenant}${query}`,
    payload: file,
    headers: { "content-type": "application/octet-stream" },
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as FindingImportReport;
};
const observations = (tenant: string) =>
  app.ctx.db.selectFrom("scanner_observations").selectAll().where("tenant_id", "=", tenant).orderBy("port").execute();
/** The surface of every tenant the client may see (each client here has one). */
const surface = async (client: TestClient) => (await client.get("/api/v1/attack-surface")).json() as AttackSurface;
const findingCount = async (tenant: string) =>
  Number(
    (
      await app.ctx.db
        .selectFrom("findings")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("tenant_id", "=", tenant)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "Info Tenant")).id;
  otherTenantId = (await makeTenant(app, "Info Other")).id;
  admin = (await signedInClient(app, [{ tenantId, role: "admin" }])).client;
  other = (await signedInClient(app, [{ tenantId: otherTenantId, role: "admin" }])).client;
});
afterAll(() => app.close());

describe("informational scanner results", () => {
  it("are skipped by default and counted with their reason", async () => {
    const report = await upload(admin, tenantId, nessusFile);
    expect(report.includeInfo).toBe(false);
    expect(report.observations).toBe(0);
    expect(report.skipped).toContainEqual({ reason: "informational (Nessus severity 0)", count: 23 });
    expect(await observations(tenantId)).toHaveLength(0);
  });

  it("are kept as observations with includeInfo, never as findings, and the surface shows their ports", async () => {
    const before = await findingCount(tenantId);
    const report = await upload(admin, tenantId, nessusFile, "&includeInfo=true");
    expect(report.includeInfo).toBe(true);
    expect(report.skipped.find((s) => s.reason.startsWith("informational"))).toBeUndefined();
    // 23 informational items in the shared file, each its own plugin on port 0 or 80.
    expect(report.observations).toBe(23);
    expect(await findingCount(tenantId)).toBe(before);
    const rows = await observations(tenantId);
    expect(rows).toHaveLength(23);
    expect(rows.filter((r) => r.port === 80)).toHaveLength(15);
    const banner = rows.find((r) => r.title === "HTTP Server Type and Version");
    expect(banner).toMatchObject({ scanner: "nessus", port: 80, protocol: "tcp", service: "www", gone_at: null });
    expect(banner?.evidence).toMatch(/nginx/i);
    expect(JSON.parse(banner?.raw ?? "{}").item).toBeTruthy();

    // The host's address is public: its asset is internet-facing, and no nmap scan covered it.
    const { items } = await surface(admin);
    const asset = items.find((a) => a.addresses.some((x) => x.address === "44.228.249.3"));
    const port80 = asset?.services.find((s) => s.port === 80);
    expect(port80).toBeDefined();
    expect(port80?.observations).toContain("nessus: HTTP Server Type and Version");
    expect(port80?.observations.length).toBeLessThanOrEqual(5);
    // Port 0 ("the whole host") is not a port.
    expect(asset?.services.some((s) => s.port === 0)).toBe(false);

    // Importing the same file again stores nothing twice.
    const again = await upload(admin, tenantId, nessusFile, "&includeInfo=true");
    expect(again.observations).toBe(23);
    expect(await observations(tenantId)).toHaveLength(23);
  });

  it("a later full scan that no longer reports an observation marks it gone, and it leaves the surface", async () => {
    const now = app.ctx.now();
    const host = { name: "edge.example.com", ip: "8.8.4.4" };
    const first = nessusReport(host, now - 2 * day, [
      nessusItem("11219", { port: 8443, severity: 0, name: "Nessus SYN scanner" }),
      nessusItem("22964", { port: 22, severity: 0, name: "Service Detection" }),
    ]);
    expect((await upload(admin, tenantId, first, "&includeInfo=true")).observations).toBe(2);
    let asset = (await surface(admin)).items.find((a) => a.addresses.some((x) => x.address === "8.8.4.4"));
    expect(asset?.services.map((s) => [s.port, s.source]).sort()).toEqual([
      [22, "scanner"],
      [8443, "scanner"],
    ]);

    const second = nessusReport(host, now - day, [nessusItem("22964", { port: 22, severity: 0, name: "Service Detection" })]);
    const report = await upload(admin, tenantId, second, "&includeInfo=true");
    expect(report.observationsGone).toBe(1);
    asset = (await surface(admin)).items.find((a) => a.addresses.some((x) => x.address === "8.8.4.4"));
    expect(asset?.services.map((s) => s.port)).toEqual([22]);

    // An older file imported afterwards widens history and closes nothing.
    const older = nessusReport(host, now - 3 * day, [nessusItem("22964", { port: 22, severity: 0, name: "Service Detection" })]);
    expect((await upload(admin, tenantId, older, "&includeInfo=true")).observationsGone).toBe(0);
    const rows = (await observations(tenantId)).filter((r) => r.port === 22);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.gone_at).toBeNull();
    expect(Number(rows[0]?.first_seen)).toBeLessThan(now - 2 * day);
  });

  it("Nuclei info results, OpenVAS Log results and CSV rows of severity Info are kept the same way", async () => {
    const nuclei = JSON.stringify({
      "template-id": "tech-detect",
      info: { name: "Wappalyzer Technology Detection", severity: "info" },
      host: "https://203.0.113.9:8443",
      "matched-at": "https://203.0.113.9:8443",
      ip: "198.51.100.20",
      port: "8443",
      "matcher-name": "nginx",
      timestamp: new Date(app.ctx.now() - day).toISOString(),
    });
    const n = await upload(admin, tenantId, `${nuclei}\n`, "&format=nuclei&includeInfo=true");
    expect(n.observations).toBe(1);
    const csv = "title,ip,port,severity\nOpen port,192.0.2.55,3389,Info\n";
    const c = await upload(admin, tenantId, csv, "&format=generic-csv&includeInfo=true");
    expect(c.observations).toBe(1);
    const rows = await observations(tenantId);
    expect(rows.some((r) => r.scanner === "nuclei" && r.port === 8443 && r.title === "Wappalyzer Technology Detection")).toBe(
      true,
    );
    expect(rows.some((r) => r.port === 3389 && r.title === "Open port")).toBe(true);
  });

  it("stay inside their tenant", async () => {
    const { items } = await surface(other);
    expect(items).toHaveLength(0);
    const foreign = await other.request({ method: "GET", url: "/api/v1/attack-surface", headers: { "x-tenant-id": tenantId } });
    expect(foreign.statusCode).toBe(404);
    // Nor can an import keep informational results in a tenant the caller does not belong to.
    const into = await other.request({
      method: "POST",
      url: `/api/v1/imports/findings?tenantId=${tenantId}&includeInfo=true`,
      payload: nessusFile,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(into.statusCode).toBe(404);
    expect(await observations(otherTenantId)).toHaveLength(0);
  });
});
