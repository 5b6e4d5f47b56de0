import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../test/cli";
import { makeTenant, signedInClient } from "../../test/factories";
import { seedDemoAlerts } from "../../seed/demo-alerts";
import { seedDemoAssets } from "../../seed/demo-assets";
import { seedDemoTenants } from "../../seed/demo-tenants";
import { createTestApp, freshDatabaseUrl, type TestApp, type TestClient, testDialect } from "../../test/test-server";
import { sourceFromFile } from "../../importers/types";
import { saveRemediationSlaDays } from "./findings-import.repository";
import { importFindingFile } from "./findings-import.service";
import { nessusItem, nessusReport } from "../../test/finding-factories";

const data = path.resolve(fileURLToPath(new URL("../../../../../../shared/data", import.meta.url)));
const day = 86_400_000;
let app: TestApp;
let tenantId: string;
let admin: TestClient;

const upload = (client: TestClient, tenant: string, file: string | Buffer, query = "") =>
  client.request({
    method: "POST",
    url: `/api/v1/imports/findings?tenantId=${tenant}${query}`,
    payload: file,
    headers: { "content-type": "application/octet-stream" },
  });

const gvmReport = (
  host: string,
  hostname: string,
  at: number,
  results: { oid: string; port: string; severity: number; cves: string[] }[],
) => {
  const when = new Date(at).toISOString();
  return `<report id="x"><report id="y"><gmp><version>22.4</version></gmp><results>${results
    .map(
      (r) => `<result id="${r.oid}-${r.port}"><host>${host}<hostname>${hostname}</hostname></host><port>${r.port}</port>
<nvt oid="${r.oid}"><name>NVT ${r.oid}</name><cvss_base>${r.severity}</cvss_base><refs>${r.cves.map((c) => `<ref type="cve" id="${c}"/>`).join("")}</refs></nvt>
<threat>High</threat><severity>${r.severity}</severity><description>found</description><creation_time>${when}</creation_time><modification_time>${when}</modification_time></result>`,
    )
    .join("")}</results></report></report>`;
};

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "Findings Tenant")).id;
  admin = (await signedInClient(app, [{ tenantId, role: "admin" }])).client;
});
afterAll(() => app.close());

const findingsOf = (tenant: string) => app.ctx.db.selectFrom("findings").selectAll().where("tenant_id", "=", tenant).execute();

describe("scanner report import", () => {
  // Records, skips and rejections as docs/importers/findings.md counts them; findings and assets as stored.
  it.each([
    ["vulnscans/nessus/nessus_with_cvssv3.nessus", "nessus", 26, 23, 25, 1],
    ["vulnscans/trivy/scheme_2_many_vulns.json", "trivy", 5, 0, 5, 1],
    ["vulnscans/trivy/misconfigurations_and_secrets.json", "trivy", 5, 0, 5, 3],
    ["vulnscans/openvas/openvas_many_vuln.xml", "openvas", 44, 0, 44, 1],
  ])(
    "imports %s (%s) with the documented counts, and again without duplicates",
    async (file, format, records, skipped, created, assets) => {
      const tenant = (await makeTenant(app)).id;
      const owner = (await signedInClient(app, [{ tenantId: tenant, role: "analyst" }])).client;
      const body = readFileSync(path.join(data, file));
      const first = (await upload(owner, tenant, body, `&filename=${path.basename(file)}`)).json();
      expect(first).toMatchObject({
        format,
        rowsRead: records + skipped,
        created,
        updated: 0,
        merged: records - created,
        rejectedCount: 0,
        fixed: 0,
        assetsCreated: assets,
        assetsMatched: 0,
      });
      expect(first.skipped.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(skipped);
      expect(await findingsOf(tenant)).toHaveLength(created);
      app.clock.now += 60_000;
      const again = (await upload(owner, tenant, body)).json();
      expect(again).toMatchObject({
        created: 0,
        updated: created,
        merged: records - created,
        fixed: 0,
        reopened: 0,
        assetsCreated: 0,
        assetsMatched: assets,
      });
      expect(await findingsOf(tenant)).toHaveLength(created);
      const sources = await app.ctx.db
        .selectFrom("finding_sources")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("tenant_id", "=", tenant)
        .executeTakeFirstOrThrow();
      expect(Number(sources.n)).toBeLessThanOrEqual(records);
    },
  );

  it("stores the Nessus sample's host as one asset with its identities, scores from the vectors and due dates from the SLA", async () => {
    const tenant = (await makeTenant(app)).id;
    await saveRemediationSlaDays(app.ctx.db, tenant, "Critical", 3);
    const owner = (await signedInClient(app, [{ tenantId: tenant, role: "admin" }])).client;
    const report = (
      await upload(owner, tenant, readFileSync(path.join(data, "vulnscans/nessus/nessus_with_cvssv3.nessus")))
    ).json();
    expect(report.findings.filter((f: { kind: string }) => f.kind === "duplicate_id")).toHaveLength(1);
    const assets = await app.ctx.db.selectFrom("assets").selectAll().where("tenant_id", "=", tenant).execute();
    expect(assets).toMatchObject([{ asset_key: "ASSET-0001", name: "testphp.vulnweb.com", type: "Server", internet_facing: 1 }]);
    const identities = await app.ctx.db
      .selectFrom("asset_identities")
      .select(["kind", "value"])
      .where("tenant_id", "=", tenant)
      .orderBy("kind")
      .execute();
    expect(identities).toEqual([
      { kind: "fqdn", value: "testphp.vulnweb.com" },
      { kind: "hostname", value: "testphp" },
      { kind: "ip", value: "44.228.249.3" },
    ]);
    const rows = await findingsOf(tenant);
    const critical = rows.find((r) => r.dedupe_key === "nessus:58987|80/tcp");
    expect(critical).toMatchObject({
      severity: "Critical",
      cvss_score: 10,
      cvss_version: "3.0",
      status: "Open",
      services: '["nessus"]',
      asset_key: "ASSET-0001",
    });
    expect(critical?.due_at).toBe((critical?.first_seen ?? 0) + 3 * day);
    const high = rows.find((r) => r.severity === "High");
    expect(high?.due_at).toBe((high?.first_seen ?? 0) + 30 * day);
    // A v2 vector with Nessus's prefix is scored too.
    const v2 = rows.find((r) => r.dedupe_key.startsWith("cve:CVE-2009-2687"));
    expect(v2).toMatchObject({ cvss_version: "2.0", cvss_score: 5.1 });
    expect(new Date(critical?.first_seen ?? 0).toISOString()).toBe("2022-03-23T13:31:51.000Z");
  });

  it("matches one machine across scanners: Nessus by name, OpenVAS by address; one CVE is one finding with both scanners", async () => {
    const tenant = (await makeTenant(app)).id;
    const owner = (await signedInClient(app, [{ tenantId: tenant, role: "admin" }])).client;
    const at = Date.UTC(2026, 9, 1);
    const nessus = nessusReport({ name: "web01.corp.example", ip: "10.20.0.5", fqdn: "web01.corp.example" }, at, [
      nessusItem("155999", { port: 8080, severity: 4, cves: ["CVE-2021-44228"] }),
    ]);
    const gvm = gvmReport("10.20.0.5", "", at + day, [
      { oid: "1.3.6.1.4.1.25623.1.0.117838", port: "8080/tcp", severity: 10, cves: ["CVE-2021-44228"] },
    ]);
    expect((await upload(owner, tenant, nessus)).json()).toMatchObject({ created: 1, assetsCreated: 1 });
    expect((await upload(owner, tenant, gvm)).json()).toMatchObject({
      format: "openvas",
      created: 0,
      updated: 1,
      assetsCreated: 0,
      assetsMatched: 1,
    });
    const rows = await findingsOf(tenant);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      services: '["nessus","openvas"]',
      first_seen: at - 600_000,
      last_seen: at + day,
      cve_text: "CVE-2021-44228",
    });
    const sources = await app.ctx.db
      .selectFrom("finding_sources")
      .select(["scanner", "scanner_finding_id"])
      .where("finding_id", "=", rows[0]?.id ?? "")
      .orderBy("scanner")
      .execute();
    expect(sources).toEqual([
      { scanner: "nessus", scanner_finding_id: "155999" },
      { scanner: "openvas", scanner_finding_id: "1.3.6.1.4.1.25623.1.0.117838" },
    ]);
    const cves = await app.ctx.db
      .selectFrom("finding_cves")
      .select("cve_id")
      .where("finding_id", "=", rows[0]?.id ?? "")
      .execute();
    expect(cves).toEqual([{ cve_id: "CVE-2021-44228" }]);
  });

  it("closes as Fixed what a newer full scan no longer reports, reopens it when it returns, and leaves partial scans alone", async () => {
    const tenant = (await makeTenant(app)).id;
    const owner = (await signedInClient(app, [{ tenantId: tenant, role: "admin" }])).client;
    const host = { name: "10.9.9.9", ip: "10.9.9.9", netbios: "FILESRV" };
    const t1 = Date.UTC(2026, 8, 1);
    const a = nessusItem("1001", { cves: ["CVE-2024-1001"] });
    const b = nessusItem("1002", { port: 445, severity: 2 });
    expect((await upload(owner, tenant, nessusReport(host, t1, [a, b]))).json()).toMatchObject({ created: 2, fixed: 0 });
    const partial = (await upload(owner, tenant, nessusReport(host, t1 + day, [a]), "&partial=true")).json();
    expect(partial).toMatchObject({ fullScan: false, updated: 1, fixed: 0 });
    const full = (await upload(owner, tenant, nessusReport(host, t1 + 2 * day, [a]))).json();
    expect(full).toMatchObject({ updated: 1, fixed: 1 });
    const fixed = (await findingsOf(tenant)).find((r) => r.dedupe_key === "nessus:1002|445/tcp");
    expect(fixed).toMatchObject({ status: "Closed", close_reason: "Fixed", closed_at: t1 + 2 * day });
    // An older scan imported late neither reopens it nor closes anything.
    expect((await upload(owner, tenant, nessusReport(host, t1, [a, b]))).json()).toMatchObject({ reopened: 0, fixed: 0 });
    const back = (await upload(owner, tenant, nessusReport(host, t1 + 3 * day, [a, b]))).json();
    expect(back).toMatchObject({ reopened: 1, fixed: 0 });
    const reopened = (await findingsOf(tenant)).find((r) => r.id === fixed?.id);
    expect(reopened).toMatchObject({ status: "Open", close_reason: null, closed_at: null, first_seen: t1 - 600_000 });
    expect(reopened?.due_at).toBe(t1 + 3 * day + 90 * day);
    // The restarted remediation clock survives the next sighting.
    await upload(owner, tenant, nessusReport(host, t1 + 4 * day, [a, b]));
    expect((await findingsOf(tenant)).find((r) => r.id === fixed?.id)?.due_at).toBe(t1 + 3 * day + 90 * day);
    const timeline = await app.ctx.db
      .selectFrom("timeline_events")
      .select(["kind", "changes"])
      .where("subject_type", "=", "finding")
      .where("subject_id", "=", fixed?.id ?? "")
      .orderBy("at")
      .orderBy("id")
      .execute();
    expect(timeline.map((t) => JSON.parse(t.changes).status)).toEqual([
      ["Open", "Closed"],
      ["Closed", "Open"],
    ]);
  });

  it("keeps a deliberate close (Accepted Risk) closed when the scanner reports it again", async () => {
    const tenant = (await makeTenant(app)).id;
    const owner = (await signedInClient(app, [{ tenantId: tenant, role: "admin" }])).client;
    const host = { name: "10.9.9.10", ip: "10.9.9.10" };
    await upload(owner, tenant, nessusReport(host, Date.UTC(2026, 8, 1), [nessusItem("2001")]));
    await app.ctx.db
      .updateTable("findings")
      .set({ status: "Closed", close_reason: "Accepted Risk", closed_at: Date.UTC(2026, 8, 2) })
      .where("tenant_id", "=", tenant)
      .execute();
    expect((await upload(owner, tenant, nessusReport(host, Date.UTC(2026, 8, 5), [nessusItem("2001")]))).json()).toMatchObject({
      updated: 1,
      reopened: 0,
    });
    expect((await findingsOf(tenant))[0]).toMatchObject({
      status: "Closed",
      close_reason: "Accepted Risk",
      last_seen: Date.UTC(2026, 8, 5),
    });
  });

  // Only PostgreSQL lets an analyst's write land between the import's read and its write (SQLite
  // runs one transaction at a time): the analyst's open transaction holds the finding's row, the
  // import reads the committed copy, and its upsert waits until the analyst commits.
  it.skipIf(testDialect() !== "postgres")("keeps an analyst's triage made after the import read the finding", async () => {
    const tenant = (await makeTenant(app)).id;
    const owner = (await signedInClient(app, [{ tenantId: tenant, role: "admin" }])).client;
    const host = { name: "10.9.9.11", ip: "10.9.9.11" };
    await upload(owner, tenant, nessusReport(host, Date.UTC(2026, 8, 1), [nessusItem("2101"), nessusItem("2102", { port: 22 })]));
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const analyst = app.ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("findings")
        .set({ status: "Closed", close_reason: "Accepted Risk", closed_at: app.clock.now, due_at: null })
        .where("tenant_id", "=", tenant)
        .where("dedupe_key", "=", "nessus:2101|443/tcp")
        .execute();
      holding();
      await gate;
    });
    await held;
    const importing = upload(
      owner,
      tenant,
      nessusReport(host, Date.UTC(2026, 8, 5), [nessusItem("2101"), nessusItem("2102", { port: 22 })]),
    );
    const waiters = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(
            app.ctx.db,
          )
        ).rows[0]?.n,
      );
    for (let i = 0; i < 200 && (await waiters()) === 0; i++) await new Promise((r) => setTimeout(r, 25));
    release();
    await analyst;
    expect((await importing).json()).toMatchObject({ updated: 2, reopened: 0, fixed: 0 });
    const rows = await findingsOf(tenant);
    expect(rows.find((r) => r.dedupe_key === "nessus:2101|443/tcp")).toMatchObject({
      status: "Closed",
      close_reason: "Accepted Risk",
      closed_at: app.clock.now,
      due_at: null,
      last_seen: Date.UTC(2026, 8, 5),
    });
    expect(rows.find((r) => r.dedupe_key === "nessus:2102|22/tcp")).toMatchObject({
      status: "Open",
      last_seen: Date.UTC(2026, 8, 5),
    });
  });

  it("caps dates from the file at the server's clock: last and first seen, due dates, and the Fixed close", async () => {
    const tenant = (await makeTenant(app)).id;
    const owner = (await signedInClient(app, [{ tenantId: tenant, role: "admin" }])).client;
    const host = { name: "10.9.9.12", ip: "10.9.9.12" };
    const now = app.clock.now;
    const future = nessusReport(host, now + 30 * day, [nessusItem("2201"), nessusItem("2202", { port: 22, severity: 2 })]);
    expect((await upload(owner, tenant, future)).json()).toMatchObject({ created: 2 });
    const first = await findingsOf(tenant);
    for (const r of first) expect(r).toMatchObject({ first_seen: now, last_seen: now });
    expect(first.find((r) => r.dedupe_key === "nessus:2202|22/tcp")?.due_at).toBe(now + 90 * day);
    const asset = await app.ctx.db
      .selectFrom("assets")
      .select(["first_seen", "last_seen"])
      .where("tenant_id", "=", tenant)
      .executeTakeFirstOrThrow();
    expect(asset).toEqual({ first_seen: now, last_seen: now });
    app.clock.now = now + 60_000;
    expect((await upload(owner, tenant, nessusReport(host, now + 60 * day, [nessusItem("2201")]))).json()).toMatchObject({
      updated: 1,
      fixed: 1,
    });
    const fixed = (await findingsOf(tenant)).find((r) => r.dedupe_key === "nessus:2202|22/tcp");
    expect(fixed).toMatchObject({ status: "Closed", close_reason: "Fixed", closed_at: now + 60_000 });
    const run = await app.ctx.db
      .selectFrom("finding_imports")
      .select("scanned_at")
      .where("tenant_id", "=", tenant)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(run.scanned_at).toBe(now + 60_000);
  });

  it("reports a CVSS vector that does not parse and keeps the scanner's score", async () => {
    const report = (
      await upload(
        admin,
        tenantId,
        nessusReport({ name: "10.1.1.1", ip: "10.1.1.1" }, Date.UTC(2026, 8, 1), [
          nessusItem("3001", { vector: "CVSS:3.1/AV:Q/AC:L", score: 6.1 }),
        ]),
      )
    ).json();
    expect(report.findings).toEqual([
      expect.objectContaining({ field: "cvssVector", kind: "invalid_value", value: "CVSS:3.1/AV:Q/AC:L" }),
    ]);
    const row = (await findingsOf(tenantId)).find((r) => r.dedupe_key === "nessus:3001|443/tcp");
    expect(row).toMatchObject({ cvss_score: 6.1, cvss_version: null, cvss_vector: "CVSS:3.1/AV:Q/AC:L" });
  });

  it("rejects a malformed file whole and writes nothing", async () => {
    const count = async () => ({
      findings: (await findingsOf(tenantId)).length,
      assets: (await app.ctx.db.selectFrom("assets").select("id").where("tenant_id", "=", tenantId).execute()).length,
      runs: (await app.ctx.db.selectFrom("import_runs").select("id").where("tenant_id", "=", tenantId).execute()).length,
    });
    const before = await count();
    const good = nessusReport({ name: "10.2.2.2", ip: "10.2.2.2" }, Date.UTC(2026, 8, 1), [
      nessusItem("4001"),
      nessusItem("4002"),
    ]);
    const response = await upload(admin, tenantId, good.slice(0, good.length - 40));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: "MALFORMED_FILE" });
    expect(await count()).toEqual(before);
    const unknown = await upload(admin, tenantId, "just some words\n");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].path).toBe("format");
  });

  it("parses a big file in a worker thread with the same result, and still rejects a malformed one whole", async () => {
    const tenant = (await makeTenant(app)).id;
    const file = path.join(data, "vulnscans/nessus/nessus_with_cvssv3.nessus");
    const doer = { userId: null, name: "test" };
    const report = await importFindingFile(app.ctx, tenant, sourceFromFile(file), {
      filename: "x.nessus",
      doer,
      offThread: true,
    });
    expect(report).toMatchObject({ format: "nessus", rowsRead: 49, created: 25, merged: 1 });
    const stored = (await findingsOf(tenant)).find((r) => r.dedupe_key === "nessus:58987|80/tcp");
    expect(JSON.parse(stored?.raw ?? "{}")).toMatchObject({ host: "testphp.vulnweb.com", item: { "@": { pluginID: "58987" } } });
    const dir = mkdtempSync(path.join(tmpdir(), "wf-worker-"));
    try {
      const broken = path.join(dir, "broken.nessus");
      writeFileSync(broken, readFileSync(file, "utf8").slice(0, 900_000));
      await expect(
        importFindingFile(app.ctx, tenant, sourceFromFile(broken), { format: "nessus", filename: null, doer, offThread: true }),
      ).rejects.toMatchObject({ statusCode: 422 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await findingsOf(tenant)).toHaveLength(25);
  });

  it("lets analysts import, refuses viewers (403) and other tenants (404)", async () => {
    const file = nessusReport({ name: "10.3.3.3", ip: "10.3.3.3" }, Date.UTC(2026, 8, 1), [nessusItem("5001")]);
    const viewer = (await signedInClient(app, [{ tenantId, role: "viewer" }])).client;
    expect((await upload(viewer, tenantId, file)).statusCode).toBe(403);
    const other = await makeTenant(app);
    const stranger = (await signedInClient(app, [{ tenantId: other.id, role: "owner" }])).client;
    expect((await upload(stranger, tenantId, file)).statusCode).toBe(404);
    expect((await findingsOf(tenantId)).some((r) => r.dedupe_key.startsWith("nessus:5001"))).toBe(false);
  });
});

describe("asset inventory import (the spec's vulnerable-asset records)", () => {
  const records = [
    {
      id: "ASSET-0101",
      name: "payroll-db",
      type: "Database",
      priority: "High",
      score: 8.1,
      status: "In Progress",
      date: "03/14/2026",
      assignee: "Priya Raman",
      services: ["Nessus", "Qualys"],
      remediationAction: "Patch PostgreSQL",
      cweId: "CWE-89",
      department: "Finance",
      businessImpact: "High",
      createdDate: "01/02/2024",
      clientEnvironment: "On-premise",
      hostname: "payroll-db.corp.example",
      ip: "10.7.0.12",
      site: "Frankfurt DC",
      latitude: 50.1109,
      longitude: 8.6821,
    },
    {
      Id: "ASSET-0102",
      name: "intranet",
      type: "Web Application",
      priority: "Medium",
      score: 5.4,
      status: "Open",
      services: "Burp",
      cweId: "79",
      businessImpact: "Medium",
      clientEnvironment: "Malicious Insider",
    },
    { id: "ASSET-0101", name: "payroll-db", type: "Database", department: "Finance" },
    { id: "bad", name: "x" },
  ];
  const post = (client: TestClient, tenant: string, body: string) =>
    client.request({
      method: "POST",
      url: `/api/v1/imports/assets?tenantId=${tenant}&filename=assets.json`,
      payload: body,
      headers: { "content-type": "application/octet-stream" },
    });

  it("stores the assets by key with their identities and vulnerabilities, reports the quirks, and is idempotent", async () => {
    const tenant = (await makeTenant(app)).id;
    const owner = (await signedInClient(app, [{ tenantId: tenant, role: "admin" }])).client;
    const report = (await post(owner, tenant, JSON.stringify(records))).json();
    expect(report).toMatchObject({
      format: "asset-inventory",
      rowsRead: 4,
      assetsCreated: 2,
      assetsUpdated: 0,
      findingsCreated: 2,
      rejectedCount: 1,
    });
    expect(report.rejected[0]).toMatchObject({ row: 4, problems: [{ field: "id" }] });
    expect(report.findings.map((f: { kind: string; field: string }) => `${f.kind}:${f.field}`)).toEqual([
      "unknown_key:Id",
      "out_of_enumeration:clientEnvironment",
      "duplicate_id:id",
    ]);
    const assets = await app.ctx.db
      .selectFrom("assets")
      .selectAll()
      .where("tenant_id", "=", tenant)
      .orderBy("asset_key")
      .execute();
    expect(assets).toMatchObject([
      {
        asset_key: "ASSET-0101",
        type: "Database",
        department: "Finance",
        business_impact: "High",
        client_environment: "On-premise",
        site: "Frankfurt DC",
        latitude: 50.1109,
      },
      { asset_key: "ASSET-0102", name: "intranet", client_environment: null },
    ]);
    const rows = await findingsOf(tenant);
    expect(rows.find((r) => r.asset_key === "ASSET-0101")).toMatchObject({
      severity: "High",
      cvss_score: 8.1,
      status: "In Progress",
      assignee: "Priya Raman",
      services: '["Nessus","Qualys"]',
      cwe_id: "CWE-89",
      department: "Finance",
    });
    // A scanner finds the same machine by its address: one asset, and new assets continue the numbering.
    const scan = nessusReport({ name: "10.7.0.12", ip: "10.7.0.12" }, Date.UTC(2026, 8, 1), [nessusItem("9101")]);
    expect((await upload(owner, tenant, scan)).json()).toMatchObject({ assetsCreated: 0, assetsMatched: 1 });
    await upload(owner, tenant, nessusReport({ name: "10.7.0.99", ip: "10.7.0.99" }, Date.UTC(2026, 8, 1), [nessusItem("9102")]));
    const keys = (
      await app.ctx.db.selectFrom("assets").select("asset_key").where("tenant_id", "=", tenant).orderBy("asset_key").execute()
    ).map((a) => a.asset_key);
    expect(keys).toEqual(["ASSET-0101", "ASSET-0102", "ASSET-0103"]);
    const again = (await post(owner, tenant, JSON.stringify(records))).json();
    expect(again).toMatchObject({ assetsCreated: 0, assetsUpdated: 2, findingsCreated: 0, findingsUpdated: 2 });
    expect(await findingsOf(tenant)).toHaveLength(4);
  });
});

describe("threat intelligence", () => {
  let platform: TestClient;
  let intelTenant: string;
  const load = (client: TestClient, feed: string, file: string | Buffer, query = "") =>
    client.request({
      method: "POST",
      url: `/api/v1/intel/${feed}${query}`,
      payload: file,
      headers: { "content-type": "application/octet-stream" },
    });
  const intelFile = (name: string) => readFileSync(path.join(data, "vulnintel", name));

  beforeAll(async () => {
    platform = (await signedInClient(app, [], { platformAdmin: true })).client;
    intelTenant = (await makeTenant(app)).id;
    const owner = (await signedInClient(app, [{ tenantId: intelTenant, role: "admin" }])).client;
    await upload(owner, intelTenant, readFileSync(path.join(data, "vulnscans/nessus/nessus_with_cvssv3.nessus")));
    await upload(owner, intelTenant, readFileSync(path.join(data, "vulnscans/openvas/openvas_many_vuln.xml")));
    await upload(
      owner,
      intelTenant,
      nessusReport({ name: "10.4.4.4", ip: "10.4.4.4" }, Date.UTC(2026, 8, 1), [
        nessusItem("7001", { cves: ["CVE-1999-0003", "CVE-1999-0005"] }),
      ]),
    );
  });

  it("loads the CISA KEV catalog (JSON) and flags every finding that carries a listed CVE", async () => {
    const withCve = await app.ctx.db
      .selectFrom("finding_cves")
      .select("finding_id")
      .where("cve_id", "=", "CVE-2012-1823")
      .where("tenant_id", "=", intelTenant)
      .execute();
    expect(withCve.length).toBeGreaterThanOrEqual(2); // Nessus plugin 58988 and the GVM PHP-CGI test
    const report = (await load(platform, "kev", intelFile("known_exploited_vulnerabilities.json"), "?filename=kev.json")).json();
    expect(report).toMatchObject({
      feed: "kev",
      format: "kev-json",
      version: "2025.08.25",
      rowsRead: 1404,
      loaded: 1404,
      rejectedCount: 0,
    });
    expect(report.findingsUpdated).toBeGreaterThanOrEqual(withCve.length);
    const flagged = await app.ctx.db
      .selectFrom("findings")
      .select(["id", "kev"])
      .where("tenant_id", "=", intelTenant)
      .where("kev", "=", 1)
      .execute();
    for (const f of withCve) expect(flagged.map((r) => r.id)).toContain(f.finding_id);
    // A finding imported after the load is flagged as it is stored.
    const later = (await makeTenant(app)).id;
    const owner = (await signedInClient(app, [{ tenantId: later, role: "analyst" }])).client;
    await upload(
      owner,
      later,
      nessusReport({ name: "10.5.5.5", ip: "10.5.5.5" }, Date.UTC(2026, 8, 1), [
        nessusItem("8001", { cves: ["CVE-2021-44228"] }),
      ]),
    );
    expect((await findingsOf(later))[0]).toMatchObject({ kev: 1 });
  });

  it("loads KEV as CSV too, and reports rows the catalog schema rejects", async () => {
    const csv = [
      "cveID,vendorProject,product,vulnerabilityName,dateAdded,shortDescription,requiredAction,dueDate,knownRansomwareCampaignUse,notes,cwes",
      'CVE-1999-0003,Example,Thing,Example Thing RCE,2025-01-02,"Remote code execution, with a comma",Apply updates.,2025-01-23,Known,,CWE-94',
      "CVE-BROKEN,Example,Thing,Broken,2025-01-02,x,y,2025-01-23,Unknown,,",
    ].join("\n");
    const report = (await load(platform, "kev", csv)).json();
    expect(report).toMatchObject({ format: "kev-csv", rowsRead: 2, loaded: 1, rejectedCount: 1 });
    expect(report.rejected[0].problems[0].field).toBe("cveID");
    const row = await app.ctx.db
      .selectFrom("kev_catalog")
      .selectAll()
      .where("cve_id", "=", "CVE-1999-0003")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      known_ransomware: 1,
      short_description: "Remote code execution, with a comma",
      cwes: '["CWE-94"]',
    });
    expect((await findingsOf(intelTenant)).find((f) => f.dedupe_key.startsWith("cve:CVE-1999-0003"))).toMatchObject({ kev: 1 });
  });

  it("loads EPSS scores and ranks findings by their highest-scoring CVE", async () => {
    const report = (await load(platform, "epss", intelFile("epss_scores_example.csv"))).json();
    expect(report).toMatchObject({
      format: "epss-csv",
      version: "v2023.03.01",
      released: "2025-02-20T00:00:00.000Z",
      loaded: 5,
      findingsUpdated: 1,
    });
    const ranked = (await findingsOf(intelTenant)).find((f) => f.dedupe_key.startsWith("cve:CVE-1999-0003,CVE-1999-0005"));
    expect(ranked).toMatchObject({ epss: 0.91963, epss_percentile: 0.99214 });
  });

  it("loads CWE names and says what is loaded", async () => {
    const report = (await load(platform, "cwe", intelFile("cwe_list_defectdojo_fixture.json"))).json();
    expect(report).toMatchObject({ format: "cwe-json", loaded: 397, rejectedCount: 0 });
    const xss = await app.ctx.db.selectFrom("cwe_names").select("name").where("cwe_id", "=", "CWE-79").executeTakeFirstOrThrow();
    expect(xss.name).toContain("Cross-site Scripting");
    const status = (await admin.get("/api/v1/intel/status")).json();
    expect(status.feeds).toEqual([
      expect.objectContaining({ feed: "kev", entries: 1405, version: null }),
      expect.objectContaining({ feed: "epss", entries: 5, version: "v2023.03.01", released: "2025-02-20T00:00:00.000Z" }),
      expect.objectContaining({ feed: "cwe", entries: 397, filename: null }),
    ]);
  });

  it("lets only platform admins load intel, and rejects a file of the wrong kind", async () => {
    expect((await load(admin, "kev", intelFile("epss_scores_example.csv"))).statusCode).toBe(403);
    const wrong = await load(platform, "kev", intelFile("epss_scores_example.csv"));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0]).toMatchObject({ path: "format" });
    const broken = await load(platform, "kev", '{"catalogVersion": "x", "vulnerabilities": [');
    expect(broken.statusCode).toBe(422);
  });
});

describe("watchfloor import findings | assets | kev | epss | cwe", () => {
  let dir: string;
  let db: Awaited<ReturnType<typeof freshDatabaseUrl>>;
  const cli = (...args: string[]) => runCli(db.url, ...args);
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "wf-cli-findings-"));
    db = await freshDatabaseUrl(path.join(dir, "cli.db"));
  });
  afterAll(async () => {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("imports a scanner report into a tenant, loads intel, and refuses a malformed file", async () => {
    expect((await cli("migrate")).code).toBe(0);
    expect((await cli("tenant", "create", "--name", "Scan Co", "--slug", "scan-co")).code).toBe(0);
    const nessus = path.join(data, "vulnscans/nessus/nessus_with_cvssv3.nessus");
    const first = await cli("import", "findings", nessus, "--tenant", "scan-co");
    expect(first.stdout).toContain(
      "as nessus into Scan Co: 49 records read, 25 findings created, 0 updated, 1 merged, 0 reopened, 0 fixed, 0 rejected; assets: 1 new, 0 matched.",
    );
    expect(first.stdout).toContain("skipped 23: informational (Nessus severity 0)");
    expect((await cli("import", "findings", nessus, "--tenant", "scan-co", "--partial")).stdout).toMatch(
      /0 findings created, 25 updated[\s\S]*partial scan: nothing was marked fixed/,
    );
    const kev = await cli("import", "kev", path.join(data, "vulnintel/known_exploited_vulnerabilities.json"));
    expect(kev.stdout).toMatch(
      /as kev-json version 2025\.08\.25 of 2025-08-25T17:04:19\.979Z: 1404 entries read, 1404 loaded, 0 rejected, [1-9]\d* findings newly flagged\./,
    );
    expect((await cli("import", "epss", path.join(data, "vulnintel/epss_scores_example.csv"))).stdout).toContain(
      "5 entries read, 5 loaded, 0 rejected, 0 findings ranked.",
    );
    expect((await cli("import", "cwe", path.join(data, "vulnintel/cwe_list_defectdojo_fixture.json"))).stdout).toContain(
      "397 loaded",
    );
    const inventory = path.join(dir, "assets.json");
    writeFileSync(
      inventory,
      JSON.stringify([
        { id: "ASSET-0500", name: "erp", type: "Server", priority: "High" },
        { iD: "ASSET-0501", name: "crm", type: "Server" },
      ]),
    );
    expect((await cli("import", "assets", inventory, "--tenant", "scan-co")).stdout).toContain(
      "2 records read, 2 assets created, 0 updated, 1 findings created, 0 updated, 0 rejected, 1 data-quality findings.",
    );
    const broken = path.join(dir, "broken.nessus");
    writeFileSync(broken, readFileSync(nessus, "utf8").slice(0, 400_000));
    const refused = await cli("import", "findings", broken, "--tenant", "scan-co");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("rejected whole");
    expect((await cli("import", "findings", nessus, "--tenant", "nobody")).stderr).toContain("No tenant with slug nobody");
  }, 60_000);
});

describe("demo assets and findings", () => {
  it("gives every demo alert host an asset with a site, and the demo tenants scanner findings with real CVEs", async () => {
    const summary = async () => {
      const demo = await createTestApp();
      try {
        await seedDemoTenants(demo.ctx);
        await seedDemoAlerts(demo.ctx);
        const seeded = await seedDemoAssets(demo.ctx);
        const db = demo.ctx.db;
        const unmatched = await db
          .selectFrom("alerts")
          .select("hostname")
          .where("hostname", "is not", null)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom("asset_identities as i")
                  .select("i.asset_id")
                  .whereRef("i.tenant_id", "=", "alerts.tenant_id")
                  .where("i.kind", "=", "hostname")
                  .where((eb) => eb("i.value", "=", eb.fn<string>("lower", ["alerts.hostname"]))),
              ),
            ),
          )
          .execute();
        const assets = await db
          .selectFrom("assets")
          .select(["asset_key", "name", "type", "site", "latitude", "client_environment", "business_impact"])
          .orderBy("tenant_id")
          .orderBy("asset_key")
          .execute();
        const findings = await db
          .selectFrom("findings")
          .select(["status", "services", "cve_ids", "kev", "cvss_score", "severity"])
          .execute();
        return { seeded, unmatched: unmatched.length, assets, findings, again: await seedDemoAssets(demo.ctx) };
      } finally {
        await demo.close();
      }
    };
    const first = await summary();
    expect(first.unmatched).toBe(0);
    expect(first.again).toEqual({ assets: 0, findings: 0 });
    expect(first.seeded.assets).toBe(first.assets.length);
    expect(first.seeded.findings).toBe(first.findings.length);
    expect(new Set(first.assets.map((a) => a.type))).toEqual(
      new Set(["Workstation", "Server", "Network Device", "Database", "Web Application"]),
    );
    expect(new Set(first.assets.map((a) => a.client_environment))).toEqual(new Set(["Cloud", "On-premise", "Hybrid"]));
    expect(first.assets.filter((a) => a.site && a.latitude !== null).length).toBeGreaterThan(first.assets.length * 0.8);
    expect(new Set(first.findings.map((f) => f.status))).toEqual(new Set(["Open", "Triaged", "In Progress", "Closed"]));
    expect(first.findings.some((f) => JSON.parse(f.services).length > 1)).toBe(true);
    expect(first.findings.some((f) => f.cve_ids.includes("CVE-2021-44228") && f.cvss_score === 10)).toBe(true);
    // Deterministic: a second install shows the same inventory and findings.
    const second = await summary();
    expect(second.assets).toEqual(first.assets);
    expect(second.findings.length).toBe(first.findings.length);
  }, 120_000);
});
