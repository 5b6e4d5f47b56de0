import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  aggregateRisks,
  type AssetRiskInput,
  estateRisk,
  type FindingRiskInput,
  findingRisk,
  type RiskSummary,
} from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssetsTable } from "../../db/tables";
import { days } from "../../lib/time";
import { makeTenant, signedInClient } from "../../test/factories";
import { type FindingSeed, seedAsset, seedFinding } from "../../test/finding-factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";
import { snapshotRiskDaily, utcDay } from "./risk-snapshots.service";

const data = path.resolve(fileURLToPath(new URL("../../../../../../shared/data", import.meta.url)));

let app: TestApp;
let now: number;
let tenantA: string;
let tenantB: string;
let ownerA: TestClient;
let both: TestClient;
let platform: TestClient;
const ids: Record<string, string> = {};

const seeds: [asset: string, name: string, FindingSeed][] = [
  [
    "web",
    "log4j",
    {
      title: "Apache Log4j RCE",
      severity: "Critical",
      score: 10,
      cves: ["CVE-2021-44228"],
      epss: 0.2,
      firstSeen: 0 - days(3),
      slaDays: 7,
    },
  ],
  ["web", "tls", { title: "TLS 1.0 enabled", severity: "Medium", score: 5.3, firstSeen: 0 - days(20), slaDays: 90 }],
  [
    "db",
    "php",
    {
      title: "PHP-CGI query string injection",
      severity: "High",
      score: 7.5,
      cves: ["CVE-2012-1823"],
      firstSeen: 0 - days(45),
      slaDays: 30,
    },
  ],
  ["ws", "icmp", { title: "ICMP timestamp disclosure", severity: "Low", score: 2.1, firstSeen: 0 - days(200), slaDays: 180 }],
  ["ws", "closed", { title: "Already fixed", severity: "Critical", score: 9.8, status: "Closed" }],
];

async function summary(client: TestClient, query = ""): Promise<RiskSummary> {
  const response = await client.get(`/api/v1/risk/summary${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The model's answer for tenant A, computed from the seeds the way the server aggregates them. */
function expectedScoreA(extra: Partial<Record<string, Partial<AssetRiskInput>>> = {}, kev = new Set<string>()): number {
  const assets: Record<string, Partial<AssetRiskInput>> = {
    web: { businessImpact: "High", internetFacing: true },
    db: { businessImpact: "Medium" },
    ws: { businessImpact: "Low" },
  };
  const inputs = Object.entries(assets).map(([key, fields]) => {
    const open = seeds.filter(([a, , s]) => a === key && s.status !== "Closed");
    const f = open.map(
      ([, name, s]): FindingRiskInput => ({
        cvssScore: s.score ?? null,
        severity: s.severity ?? "Medium",
        kev: kev.has(name),
        epss: s.epss ?? null,
      }),
    );
    const input: AssetRiskInput = {
      findings: {
        base: aggregateRisks(f.map((x) => findingRisk(x).base)),
        epss: aggregateRisks(f.map((x) => findingRisk(x).base * (1 + (x.epss ?? 0)))),
        full: aggregateRisks(f.map((x) => findingRisk(x).risk)),
      },
      businessImpact: null,
      internetFacing: false,
      openIncidents: 0,
      ...fields,
      ...extra[key],
    };
    return input;
  });
  return estateRisk({ assets: inputs, cleanAssets: { Low: 1 } }).score;
}

beforeAll(async () => {
  app = await createTestApp();
  now = app.clock.now;
  tenantA = (await makeTenant(app, "Risk A")).id;
  tenantB = (await makeTenant(app, "Risk B")).id;
  ownerA = (await signedInClient(app, [{ tenantId: tenantA, role: "owner" }])).client;
  ownerA.tenantId = tenantA;
  both = (
    await signedInClient(app, [
      { tenantId: tenantA, role: "analyst" },
      { tenantId: tenantB, role: "analyst" },
    ])
  ).client;
  platform = (await signedInClient(app, [], { platformAdmin: true })).client;
  const db = app.ctx.db;
  const assets: Record<string, AssetsTable> = {
    web: await seedAsset(
      db,
      tenantA,
      {
        key: "ASSET-0001",
        name: "web-01",
        type: "Web Application",
        businessImpact: "High",
        environment: "Cloud",
        identities: [{ kind: "hostname", value: "web-01" }],
      },
      now,
    ),
    db: await seedAsset(
      db,
      tenantA,
      { key: "ASSET-0002", name: "db-01", type: "Database", businessImpact: "Medium", environment: "On-premise" },
      now,
    ),
    ws: await seedAsset(
      db,
      tenantA,
      { key: "ASSET-0003", name: "ws-07", type: "Workstation", businessImpact: "Low", environment: "Hybrid" },
      now,
    ),
  };
  await seedAsset(db, tenantA, { key: "ASSET-0004", name: "printer-01", type: "Other", businessImpact: "Low" }, now);
  await db
    .updateTable("assets")
    .set({ internet_facing: 1 })
    .where("id", "=", assets.web?.id as string)
    .execute();
  for (const [asset, name, seed] of seeds) {
    const firstSeen = seed.firstSeen === undefined ? undefined : now + seed.firstSeen;
    ids[name] = (await seedFinding(db, assets[asset] as AssetsTable, { ...seed, firstSeen }, now)).id;
  }
  const secret = await seedAsset(
    db,
    tenantB,
    { key: "ASSET-0001", name: "b-secret-host", environment: "Cloud", businessImpact: "High" },
    now,
  );
  await seedFinding(db, secret, { title: "B secret finding", severity: "Critical", score: 9.9, cves: ["CVE-2021-44228"] }, now);
});
afterAll(() => app.close());

describe("Executive Risk View", () => {
  it("scores a tenant from its open findings as the model says, with factors that add up to the score", async () => {
    const s = await summary(ownerA);
    expect(s.hasFindings).toBe(true);
    expect(s.score.score).toBeCloseTo(expectedScoreA(), 1);
    expect(s.score.factors.map((f) => f.stage)).toEqual(["severity", "epss", "kev", "impact", "exposure", "incidents"]);
    expect(s.score.factors.reduce((sum, f) => sum + f.points, 0)).toBeCloseTo(s.score.score, 5);
    expect(s.score.factors.find((f) => f.stage === "kev")?.points).toBe(0);
    expect(s.score.factors.find((f) => f.stage === "exposure")?.points).toBeGreaterThan(0);
    expect(s.totals).toEqual({
      assets: 4,
      assetsWithOpenFindings: 3,
      openFindings: 4,
      kevFindings: 0,
      overdueFindings: 2,
      openIncidentsOnAssets: 0,
    });
    expect(s.byPriority).toEqual({ Low: 1, Medium: 1, High: 1, Critical: 1 });
    expect(s.byAge.map((b) => [b.key, b.count])).toEqual([
      ["0-7", 1],
      ["8-30", 1],
      ["31-90", 1],
      ["90+", 1],
    ]);
    expect(s.byAge[0]?.byPriority.Critical).toBe(1);
    expect(s.topAssets.map((a) => a.assetKey)).toEqual(["ASSET-0001", "ASSET-0002", "ASSET-0003"]);
    expect(s.topAssets[0]).toMatchObject({
      name: "web-01",
      openFindings: 2,
      worstFindingRisk: 12,
      multipliers: { impact: 1.5, exposure: 1.3, incidents: 1 },
    });
    expect(s.tenants).toBeNull();
  });

  it("lists the top risks with the drop remediating each would give", async () => {
    const s = await summary(ownerA);
    const top = s.topRisks[0];
    expect(top).toMatchObject({
      kind: "cve",
      key: "CVE-2021-44228",
      findingId: ids.log4j,
      assetKey: "ASSET-0001",
      cveIds: ["CVE-2021-44228"],
      affectedAssets: 1,
      affectedFindings: 1,
      title: "Apache Log4j RCE",
      remediation: "Apply the vendor update.",
    });
    expect(top?.action).toBe("Remediate CVE-2021-44228 on ASSET-0001 (web-01)");
    // A finding without a CVE is its own action.
    expect(s.topRisks.find((r) => r.findingId === ids.tls)).toMatchObject({
      kind: "finding",
      key: ids.tls,
      action: 'Remediate "TLS 1.0 enabled" on ASSET-0001 (web-01)',
    });
    const drops = s.topRisks.map((r) => r.scoreDrop);
    expect(drops).toEqual([...drops].sort((a, b) => b - a));
    expect(top?.scoreDrop).toBeCloseTo(
      expectedScoreA() -
        expectedScoreA({
          web: { findings: { base: { max: 5.3, sum: 5.3 }, epss: { max: 5.3, sum: 5.3 }, full: { max: 5.3, sum: 5.3 } } },
        }),
      1,
    );
  });

  it("lets executives read it, refuses a bad window and another tenant", async () => {
    const exec = (await signedInClient(app, [{ tenantId: tenantA, role: "executive" }])).client;
    expect((await exec.get("/api/v1/risk/summary")).statusCode).toBe(200);
    const bad = await ownerA.get("/api/v1/risk/summary?days=12");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe("querystring.days");
    const other = await ownerA.request({ method: "GET", url: "/api/v1/risk/summary", headers: { "x-tenant-id": tenantB } });
    expect(other.statusCode).toBe(404);
    ownerA.tenantId = null;
    const mine = await ownerA.get("/api/v1/risk/summary");
    ownerA.tenantId = tenantA;
    expect(mine.body).not.toContain("b-secret-host");
    expect(mine.body).not.toContain("B secret finding");
  });

  it("compares tenants and scores them together when several are in scope", async () => {
    const s = await summary(both);
    expect(s.tenants?.map((t) => t.tenantName)).toEqual(["Risk B", "Risk A"]);
    const a = await summary(ownerA);
    expect(s.tenants?.find((t) => t.tenantId === tenantA)).toMatchObject({
      score: a.score.score,
      openFindings: 4,
      criticalFindings: 1,
      topAsset: { assetKey: "ASSET-0001" },
    });
    expect(s.totals.openFindings).toBe(5);
    expect(s.topAssets.map((x) => x.name).slice(0, 2)).toEqual(["web-01", "b-secret-host"]);
    // The same CVE open in both tenants is one action that fixes both assets.
    expect(s.topRisks[0]).toMatchObject({
      kind: "cve",
      key: "CVE-2021-44228",
      action: "Remediate CVE-2021-44228 on 2 assets",
      affectedAssets: 2,
      affectedFindings: 2,
    });
  });

  it("counts open incidents on a vulnerable asset", async () => {
    const analyst = (await signedInClient(app, [{ tenantId: tenantA, role: "analyst" }])).client;
    const alert = (
      await analyst.post(`/api/v1/alerts?tenantId=${tenantA}`, {
        source: "siem",
        sourceId: "risk-1",
        name: "Web shell",
        priority: "High",
        hostname: "db-01.corp.example",
      })
    ).json();
    const created = await analyst.post("/api/v1/incidents", {
      tenantId: tenantA,
      title: "Web shell on the database",
      priority: "High",
      alertIds: [alert.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const s = await summary(ownerA);
    expect(s.topAssets.find((x) => x.assetKey === "ASSET-0002")).toMatchObject({
      openIncidents: 1,
      multipliers: { incidents: 1.25 },
    });
    expect(s.totals.openIncidentsOnAssets).toBe(1);
    expect(s.score.factors.find((f) => f.stage === "incidents")?.points).toBeGreaterThan(0);
    expect(s.score.score).toBeCloseTo(expectedScoreA({ db: { openIncidents: 1 } }), 1);
  });

  it("raises the score when a KEV catalog load flags findings, and snapshots the day", async () => {
    const before = await summary(ownerA);
    const kev = readFileSync(path.join(data, "vulnintel", "known_exploited_vulnerabilities.json"));
    const load = await platform.request({
      method: "POST",
      url: "/api/v1/intel/kev",
      payload: kev,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(load.statusCode, load.body).toBe(200);
    const after = await summary(ownerA);
    expect(after.totals.kevFindings).toBe(2);
    expect(after.score.score).toBeGreaterThan(before.score.score);
    expect(after.score.score).toBeCloseTo(expectedScoreA({ db: { openIncidents: 1 } }, new Set(["log4j", "php"])), 1);
    expect(after.score.factors.find((f) => f.stage === "kev")?.points).toBeGreaterThan(0);
    // The PHP finding is now KEV on an asset with an open incident: fixing it lowers the score most.
    expect(after.topRisks.slice(0, 2).map((r) => r.findingId)).toEqual([ids.php, ids.log4j]);
    expect(after.topRisks[0]).toMatchObject({
      kev: true,
      exploitability: 2,
      findingRisk: 15,
      action: "Remediate CVE-2012-1823 on ASSET-0002 (db-01)",
    });
    // KEV entries are named as CISA names them.
    expect(after.topRisks[0]?.title).toMatch(/PHP/);
    // CISA's required action replaces the scanner's remediation text for KEV findings.
    expect(after.topRisks[0]?.remediation).toMatch(/apply|mitigation|vendor/i);
    const snapshot = await app.ctx.db
      .selectFrom("risk_snapshots")
      .selectAll()
      .where("tenant_id", "=", tenantA)
      .executeTakeFirstOrThrow();
    expect(Number(snapshot.day)).toBe(utcDay(now));
    expect(Number(snapshot.score)).toBeCloseTo(after.score.score, 5);
    expect(Number(snapshot.kev_findings)).toBe(2);
  });

  it("drops by what the top risk said once that finding is remediated", async () => {
    const before = await summary(ownerA);
    const top = before.topRisks[0];
    const closed = await ownerA.post(`/api/v1/findings/${top?.findingId}/status`, {
      status: "Closed",
      closeReason: "Remediated",
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const after = await summary(ownerA);
    expect(Math.abs(before.score.score - (top?.scoreDrop ?? 0) - after.score.score)).toBeLessThanOrEqual(0.11);
    expect((await ownerA.post(`/api/v1/findings/${top?.findingId}/status`, { status: "Open" })).statusCode).toBe(200);
  });

  it("keeps a daily history: the trend reads snapshots and ends with the live score", async () => {
    const start = app.clock.now;
    // Every tenant without today's snapshot gets one (the KEV load wrote A's and B's); a second run finds none.
    await snapshotRiskDaily(app.ctx);
    const tenants = await app.ctx.db.selectFrom("tenants").select("id").execute();
    const today = await app.ctx.db.selectFrom("risk_snapshots").select("tenant_id").where("day", "=", utcDay(start)).execute();
    expect(today.map((t) => t.tenant_id).sort()).toEqual(tenants.map((t) => t.id).sort());
    expect(await snapshotRiskDaily(app.ctx)).toBe(0);
    app.clock.now = start + days(1);
    expect(await snapshotRiskDaily(app.ctx)).toBe(tenants.length);
    app.clock.now = start + days(2);
    // Sessions idle out over two days of test clock: sign in again.
    const owner = (await signedInClient(app, [{ tenantId: tenantA, role: "owner" }])).client;
    const s = await summary(owner, "?days=30");
    expect(s.trend.days).toBe(30);
    expect(s.trend.points.map((p) => p.live)).toEqual([false, false, true]);
    expect(s.trend.points.map((p) => p.date)).toEqual(
      [0, 1, 2].map((d) => new Date(utcDay(start) + days(d)).toISOString().slice(0, 10)),
    );
    expect(s.trend.points[2]?.score).toBe(s.score.score);
    const several = await summary(
      (
        await signedInClient(app, [
          { tenantId: tenantA, role: "viewer" },
          { tenantId: tenantB, role: "viewer" },
        ])
      ).client,
    );
    expect(several.tenants?.find((t) => t.tenantId === tenantA)?.change).toMatchObject({
      since: s.trend.points[0]?.date,
      points: 0,
    });
    app.clock.now = start;
  });

  it("snapshots a tenant again after a findings import", async () => {
    app.clock.now = now + days(3);
    const owner = (await signedInClient(app, [{ tenantId: tenantA, role: "owner" }])).client;
    owner.tenantId = tenantA;
    const nessus = readFileSync(path.join(data, "vulnscans/nessus/nessus_with_cvssv3.nessus"));
    const upload = await owner.request({
      method: "POST",
      url: `/api/v1/imports/findings?tenantId=${tenantA}`,
      payload: nessus,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const row = await app.ctx.db
      .selectFrom("risk_snapshots")
      .selectAll()
      .where("tenant_id", "=", tenantA)
      .where("day", "=", utcDay(app.clock.now))
      .executeTakeFirstOrThrow();
    const s = await summary(owner);
    expect(Number(row.taken_at)).toBe(app.clock.now);
    expect(Number(row.score)).toBeCloseTo(s.score.score, 5);
    expect(Number(row.open_findings)).toBe(s.totals.openFindings);
    expect(s.totals.openFindings).toBeGreaterThan(4);
    app.clock.now = now;
  });

  it("says when a tenant has no findings yet", async () => {
    const empty = (await makeTenant(app)).id;
    const owner = (await signedInClient(app, [{ tenantId: empty, role: "owner" }])).client;
    const s = await summary(owner);
    expect(s).toMatchObject({ hasFindings: false, score: { score: 0, band: "Low" }, topAssets: [], topRisks: [] });
  });
});

describe("Cloud Posture", () => {
  it("lists the tenant's cloud assets with their open findings, and nothing of other tenants", async () => {
    const response = await ownerA.get("/api/v1/risk/cloud-posture");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totals).toMatchObject({ assets: 1, withOpenFindings: 1, internetFacing: 1 });
    expect(body.assets).toHaveLength(1);
    expect(body.assets[0]).toMatchObject({
      assetKey: "ASSET-0001",
      name: "web-01",
      type: "Web Application",
      internetFacing: true,
      maxScore: 10,
    });
    expect(body.assets[0].openFindings).toBeGreaterThanOrEqual(2);
    expect(response.body).not.toContain("b-secret-host");
    const all = (await both.get("/api/v1/risk/cloud-posture")).json();
    expect(all.assets.map((a: { name: string }) => a.name).sort()).toEqual(["b-secret-host", "web-01"]);
  });
});
