import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { assetSortKeys } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { days } from "../../lib/time";
import { sourceFromString } from "../../importers/types";
import { makeTenant, makeUser, signedInClient } from "../../test/factories";
import { seedAsset, seedFinding } from "../../test/finding-factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";
import { importAssetInventory } from "../findings/asset-inventory.service";

let app: TestApp;
let tenantId: string;
let analyst: TestClient;
let now: number;
const assets: Record<string, string> = {};
const scans = path.resolve(fileURLToPath(new URL("../../../../../../shared/data/vulnscans", import.meta.url)));

interface Asset {
  id: string;
  assetKey: string;
  name: string;
  openFindings: number;
  maxScore: number | null;
  kevCount: number;
  overdueCount: number;
  department: string | null;
  [key: string]: unknown;
}

const list = async (query: string): Promise<{ items: Asset[]; nextCursor: string | null }> => {
  const response = await analyst.get(`/api/v1/assets?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const keys = async (query: string) => (await list(`limit=200&${query}`)).items.map((a) => a.assetKey).sort();

beforeAll(async () => {
  app = await createTestApp();
  now = app.clock.now;
  tenantId = (await makeTenant(app, "Assets Tenant")).id;
  analyst = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
  const db = app.ctx.db;
  const web = await seedAsset(
    db,
    tenantId,
    {
      key: "ASSET-0001",
      name: "web-01",
      type: "Web Application",
      department: "Finance",
      businessImpact: "High",
      environment: "Cloud",
      site: "Frankfurt",
      owner: "Platform team",
      identities: [
        { kind: "hostname", value: "web-01" },
        { kind: "ip", value: "203.0.113.10" },
      ],
    },
    now,
  );
  const dbHost = await seedAsset(
    db,
    tenantId,
    {
      key: "ASSET-0002",
      name: "db-01",
      type: "Database",
      department: "IT",
      businessImpact: "Medium",
      environment: "On-premise",
      site: "Lisbon",
    },
    now,
  );
  const ws = await seedAsset(db, tenantId, { key: "ASSET-0003", name: "ws-07", type: "Workstation" }, now);
  const clean = await seedAsset(db, tenantId, { key: "ASSET-0004", name: "printer-2", type: "Server", department: "IT" }, now);
  Object.assign(assets, { web: web.id, db: dbHost.id, ws: ws.id, clean: clean.id });
  await seedFinding(
    db,
    web,
    { title: "OpenSSL", severity: "Critical", score: 9.8, kev: true, firstSeen: now - days(10), slaDays: 7 },
    now,
  );
  await seedFinding(
    db,
    web,
    { title: "Apache", severity: "High", score: 7.5, kev: true, firstSeen: now - days(5), slaDays: 30 },
    now,
  );
  await seedFinding(db, web, { title: "Old TLS", severity: "Medium", score: 5, status: "Closed" }, now);
  await seedFinding(
    db,
    dbHost,
    { title: "Weak auth", severity: "Medium", score: 5.3, status: "Triaged", firstSeen: now - days(100), slaDays: 90 },
    now,
  );
  await seedFinding(db, dbHost, { title: "Banner", severity: "Low", score: null }, now);
  await seedFinding(db, ws, { title: "Chrome", severity: "High", score: 8.8, status: "In Progress" }, now);
  await seedFinding(db, clean, { title: "Fixed long ago", severity: "High", score: 8, status: "Closed" }, now);
});
afterAll(() => app.close());

describe("asset inventory", () => {
  it("lists each asset with identities and its open findings by severity", async () => {
    const { items } = await list("limit=200");
    expect(items.map((a) => a.assetKey)).toEqual(["ASSET-0001", "ASSET-0002", "ASSET-0003", "ASSET-0004"]);
    expect(items[0]).toMatchObject({
      name: "web-01",
      type: "Web Application",
      department: "Finance",
      businessImpact: "High",
      environment: "Cloud",
      site: "Frankfurt",
      owner: "Platform team",
      tenantName: "Assets Tenant",
      openFindings: 2,
      openBySeverity: { Critical: 1, High: 1, Medium: 0, Low: 0 },
      maxScore: 9.8,
      kevCount: 2,
      overdueCount: 1,
      identities: [
        { kind: "hostname", value: "web-01" },
        { kind: "ip", value: "203.0.113.10" },
      ],
    });
    expect(items[1]).toMatchObject({ openFindings: 2, maxScore: 5.3, kevCount: 0, overdueCount: 1 });
    expect(items[3]).toMatchObject({ openFindings: 0, maxScore: null, kevCount: 0, overdueCount: 0 });
  });

  it("filters on asset fields, open-finding conditions and free text", async () => {
    expect(await keys("type=Database")).toEqual(["ASSET-0002"]);
    expect(await keys("department=IT")).toEqual(["ASSET-0002", "ASSET-0004"]);
    expect(await keys("businessImpact=High")).toEqual(["ASSET-0001"]);
    expect(await keys("environment=On-premise")).toEqual(["ASSET-0002"]);
    expect(await keys("site=Lisbon,Frankfurt")).toEqual(["ASSET-0001", "ASSET-0002"]);
    expect(await keys("vulnerable=true")).toEqual(["ASSET-0001", "ASSET-0002", "ASSET-0003"]);
    expect(await keys("vulnerable=false")).toEqual(["ASSET-0004"]);
    expect(await keys("kev=true")).toEqual(["ASSET-0001"]);
    expect(await keys("overdue=true")).toEqual(["ASSET-0001", "ASSET-0002"]);
    expect(await keys("overdue=false")).toEqual(["ASSET-0003", "ASSET-0004"]);
    expect(await keys("q=203.0.113")).toEqual(["ASSET-0001"]);
    expect(await keys("q=WS-0")).toEqual(["ASSET-0003"]);
    expect(await keys("q=asset-0004")).toEqual(["ASSET-0004"]);
    expect(await keys(`tenant=${tenantId}&department=Finance`)).toEqual(["ASSET-0001"]);
    expect((await analyst.get("/api/v1/assets?businessImpact=Huge")).statusCode).toBe(400);
    expect((await analyst.get("/api/v1/assets?cursor=nope")).json().details[0].path).toBe("cursor");
  });

  it("sorts on every column and figure, NULLs last, with keyset pages", async () => {
    for (const sort of assetSortKeys) {
      for (const dir of ["asc", "desc"]) {
        const whole = (await list(`sort=${sort}&dir=${dir}&limit=200`)).items.map((a) => a.id);
        const paged: string[] = [];
        let cursor: string | null = null;
        do {
          const page = await list(`sort=${sort}&dir=${dir}&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
          paged.push(...page.items.map((a) => a.id));
          cursor = page.nextCursor;
        } while (cursor);
        expect(paged, `${sort} ${dir}`).toEqual(whole);
        expect(new Set(paged).size).toBe(4);
      }
    }
    expect((await list("sort=maxScore&dir=desc")).items.map((a) => a.maxScore)).toEqual([9.8, 8.8, 5.3, null]);
    expect((await list("sort=kevCount&dir=desc&limit=1")).items[0]?.assetKey).toBe("ASSET-0001");
    expect((await list("sort=department&dir=desc")).items.map((a) => a.department)).toEqual(["IT", "IT", "Finance", null]);
  });
});

describe("asset page", () => {
  it("refuses a cursor from another sort or direction, or with a value that does not fit the sort (400 on cursor)", async () => {
    const cursor = (await list("sort=openFindings&dir=desc&limit=1")).nextCursor as string;
    const forged = (c: object) => Buffer.from(JSON.stringify(c)).toString("base64url");
    for (const query of [
      `sort=name&dir=desc&cursor=${cursor}`,
      `sort=openFindings&dir=asc&cursor=${cursor}`,
      `sort=lastSeen&dir=asc&cursor=${forged({ s: "lastSeen", d: "asc", v: "x", id: "x" })}`,
    ]) {
      const response = await analyst.get(`/api/v1/assets?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details[0]).toMatchObject({ path: "cursor", message: expect.any(String) });
    }
  });

  it("shows the asset with a summary of its findings, whose rows come from the finding list", async () => {
    const response = await analyst.get(`/api/v1/assets/${assets.db}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.asset).toMatchObject({
      assetKey: "ASSET-0002",
      name: "db-01",
      createdAt: new Date(now).toISOString(),
      openFindings: 2,
    });
    expect(detail.findings).toEqual({
      total: 2,
      byStatus: { Open: 1, Triaged: 1 },
      openBySeverity: { Low: 1, Medium: 1, High: 0, Critical: 0 },
      kevCount: 0,
      overdueCount: 1,
      nextDueAt: new Date(now - days(1) + days(30)).toISOString(),
    });
    const rows = (await analyst.get(`/api/v1/findings?assetId=${assets.db}`)).json().items;
    expect(rows.map((f: { title: string }) => f.title).sort()).toEqual(["Banner", "Weak auth"]);
  });

  it("does not show another tenant's asset", async () => {
    const other = (await makeTenant(app, "Other Assets Tenant")).id;
    const { client: stranger } = await signedInClient(app, [{ tenantId: other, role: "owner" }]);
    const response = await stranger.get(`/api/v1/assets/${assets.web}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("web-01");
    expect((await stranger.get("/api/v1/assets?limit=200")).json().items).toEqual([]);
    expect((await stranger.get(`/api/v1/findings?assetId=${assets.web}`)).json().items).toEqual([]);
  });
});

describe("a real scanner report through the import", () => {
  it("lists the imported assets and findings with consistent figures, filters and sorts", async () => {
    const scanned = (await makeTenant(app, "Scanned Tenant")).id;
    const { client } = await signedInClient(app, [{ tenantId: scanned, role: "analyst" }]);
    const file = readFileSync(path.join(scans, "openvas", "openvas_many_vuln.xml"));
    const imported = await client.request({
      method: "POST",
      url: `/api/v1/imports/findings?tenantId=${scanned}`,
      payload: file,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const report = imported.json();
    expect(report.created).toBeGreaterThan(10);
    const inventory = (await client.get(`/api/v1/assets?tenant=${scanned}&limit=200`)).json().items as Asset[];
    expect(inventory).toHaveLength(report.assetsCreated);
    const findings = (await client.get(`/api/v1/findings?tenant=${scanned}&limit=200`)).json().items as {
      id: string;
      assetId: string;
      score: number | null;
      services: string[];
      cveIds: string[];
    }[];
    expect(findings).toHaveLength(report.created);
    expect(inventory.reduce((n, a) => n + a.openFindings, 0)).toBe(findings.length);
    expect(findings.every((f) => f.services.includes("openvas"))).toBe(true);
    const scores = (await client.get(`/api/v1/findings?tenant=${scanned}&sort=score&dir=desc&limit=200`))
      .json()
      .items.map((f: { score: number | null }) => f.score);
    const scored = scores.filter((x: number | null) => x !== null);
    expect(scored).toEqual([...scored].sort((a: number, b: number) => b - a));
    expect(scores.slice(scored.length).every((x: number | null) => x === null)).toBe(true);
    const withCve = findings.find((f) => f.cveIds.length > 0);
    expect(withCve).toBeTruthy();
    const byCve = (await client.get(`/api/v1/findings?cve=${withCve?.cveIds[0]}`)).json().items.map((f: { id: string }) => f.id);
    expect(byCve).toContain(withCve?.id);
    const page = (await client.get(`/api/v1/assets/${findings[0]?.assetId}`)).json();
    expect(page.findings.total).toBe(findings.filter((f) => f.assetId === findings[0]?.assetId).length);
  });
});

describe("asset inventory import: assignees, dates and one import at a time", () => {
  let tenant: string;
  let client: TestClient;
  const post = (records: unknown[]) =>
    client.request({
      method: "POST",
      url: `/api/v1/imports/assets?tenantId=${tenant}&filename=assets.json`,
      payload: JSON.stringify(records),
      headers: { "content-type": "application/octet-stream" },
    });
  const finding = (key: string) =>
    app.ctx.db
      .selectFrom("findings")
      .selectAll()
      .where("tenant_id", "=", tenant)
      .where("asset_key", "=", key)
      .executeTakeFirstOrThrow();
  beforeAll(async () => {
    tenant = (await makeTenant(app, "Inventory Tenant")).id;
    client = (await signedInClient(app, [{ tenantId: tenant, role: "admin" }])).client;
  });

  it("links the named assignee to the member of that name, and clears the link when the name changes", async () => {
    const priya = await makeUser(app, [{ tenantId: tenant, role: "analyst" }], { displayName: "Priya Raman" });
    await makeUser(app, [{ tenantId: tenant, role: "viewer" }], { displayName: "Vic Viewer" });
    const record = {
      id: "ASSET-0201",
      name: "payroll-db",
      type: "Database",
      priority: "High",
      score: 8.1,
      status: "In Progress",
      assignee: "Priya Raman",
    };
    expect((await post([record])).json()).toMatchObject({ findingsCreated: 1 });
    expect(await finding("ASSET-0201")).toMatchObject({ assignee: "Priya Raman", assignee_user_id: priya.id });
    expect((await post([{ ...record, assignee: "Vic Viewer" }])).json()).toMatchObject({ findingsUpdated: 1 });
    expect(await finding("ASSET-0201")).toMatchObject({ assignee: "Vic Viewer", assignee_user_id: null });
    await post([record]);
    expect(await finding("ASSET-0201")).toMatchObject({ assignee_user_id: priya.id });
    await post([{ ...record, assignee: null }]);
    expect(await finding("ASSET-0201")).toMatchObject({ assignee: null, assignee_user_id: null });
  });

  it("caps the file's created and vulnerability dates at the server's clock", async () => {
    const now = app.clock.now;
    expect(
      (
        await post([
          {
            id: "ASSET-0202",
            name: "future",
            type: "Server",
            priority: "Low",
            status: "Closed",
            date: "01/02/2031",
            createdDate: "01/02/2030",
          },
        ])
      ).statusCode,
    ).toBe(200);
    const asset = await app.ctx.db
      .selectFrom("assets")
      .selectAll()
      .where("tenant_id", "=", tenant)
      .where("asset_key", "=", "ASSET-0202")
      .executeTakeFirstOrThrow();
    expect(asset).toMatchObject({ created_at: now, first_seen: now, last_seen: now });
    expect(await finding("ASSET-0202")).toMatchObject({ first_seen: now, last_seen: now, closed_at: now });
  });

  it("waits for another import of the same tenant to finish (the tenant import lock)", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first import takes its lock, then waits for its file.
    const inner = sourceFromString(JSON.stringify([{ id: "ASSET-0301", name: "first", type: "Server" }]));
    const slow = {
      text: async () => {
        await gate;
        return inner.text();
      },
      async *lines() {
        await gate;
        yield* inner.lines();
      },
    };
    const doer = { userId: null, name: "test" };
    const first = importAssetInventory(app.ctx, tenant, slow, { filename: null, doer });
    await new Promise((r) => setTimeout(r, 100));
    let secondDone = false;
    const second = importAssetInventory(
      app.ctx,
      tenant,
      sourceFromString(JSON.stringify([{ id: "ASSET-0302", name: "second", type: "Server" }])),
      { filename: null, doer },
    ).then((r) => {
      secondDone = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(secondDone).toBe(false);
    release();
    expect((await first).assetsCreated).toBe(1);
    expect((await second).assetsCreated).toBe(1);
  });
});
