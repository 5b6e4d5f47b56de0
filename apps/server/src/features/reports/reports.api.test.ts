import type {
  DashboardSummary,
  ExecutiveReport,
  IncidentDocument,
  IncidentsReport,
  RiskSummary,
  ServiceReport,
  ThreatReport,
} from "@watchfloor/shared";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { days, hours, minutes } from "../../lib/time";
import { makeTenant, makeUser, signedInClient } from "../../test/factories";
import { seedAsset, seedFinding } from "../../test/finding-factories";
import { pdfText } from "../../test/pdf-text";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

/**
 * Reports agree with the pages they summarise: every figure is compared with the answer of the
 * dashboard, list, ATT&CK and risk APIs for the same tenants and period, and a report never
 * covers a tenant outside the caller's scope.
 */

let app: TestApp;
let now: number;
let tenantA: string;
let tenantB: string;
let analystA: TestClient;
let ownerBoth: TestClient;
let incidentA: string;
let incidentB: string;

const iso = (ms: number) => new Date(ms).toISOString();
const enc = encodeURIComponent;

// The API tests' clock: Saturday 21 November 2026, 12:00 UTC. "Last 7 days" in UTC is 15-21 November.
const FROM = "2026-11-15T00:00:00.000Z";
const TO = "2026-11-22T00:00:00.000Z";
const PREV_FROM = "2026-11-08T00:00:00.000Z";
const range = `from=${enc(FROM)}&to=${enc(TO)}`;
const previousRange = `from=${enc(PREV_FROM)}&to=${enc(FROM)}`;

async function moves(client: TestClient, id: string, at: number, steps: [number, string, Record<string, unknown>?][]) {
  for (const [after, status, extra] of steps) {
    app.clock.now = at + minutes(after);
    const response = await client.post(`/api/v1/alerts/${id}/transition`, { status, ...extra });
    expect(response.statusCode, response.body).toBe(200);
  }
  app.clock.now = now;
}

async function json<T>(client: TestClient, url: string): Promise<T> {
  const response = await client.get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
}

/** Every row the list shows for a query (following its cursor). */
async function listed(client: TestClient, path: string, query: string): Promise<{ id: string }[]> {
  const items: { id: string }[] = [];
  let cursor = "";
  do {
    const page = await json<{ items: { id: string }[]; nextCursor: string | null }>(
      client,
      `${path}?${query}&limit=200${cursor ? `&cursor=${enc(cursor)}` : ""}`,
    );
    items.push(...page.items);
    cursor = page.nextCursor ?? "";
  } while (cursor);
  return items;
}
const alertList = (client: TestClient, query: string) => listed(client, "/api/v1/alerts", query);

beforeAll(async () => {
  app = await createTestApp();
  now = app.clock.now;
  tenantA = (await makeTenant(app, "Report A")).id;
  tenantB = (await makeTenant(app, "Report B")).id;
  analystA = (await signedInClient(app, [{ tenantId: tenantA, role: "analyst" }])).client;
  const { client: analystB } = await signedInClient(app, [{ tenantId: tenantB, role: "analyst" }]);
  ownerBoth = (
    await signedInClient(app, [
      { tenantId: tenantA, role: "owner" },
      { tenantId: tenantB, role: "owner" },
    ])
  ).client;
  const priya = await makeUser(app, [{ tenantId: tenantA, role: "analyst" }], { displayName: "Priya Nair" });

  const base = now - hours(25);
  const ingest = async (client: TestClient, tenantId: string, sourceId: string, body: Record<string, unknown>) => {
    const response = await client.post(`/api/v1/alerts?tenantId=${tenantId}`, {
      source: "edr",
      sourceId,
      detectedAt: iso(base),
      ...body,
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json().id as string;
  };
  const a1 = await ingest(analystA, tenantA, "a1", {
    name: "Login storm",
    rule: "Brute force",
    priority: "Critical",
    hostname: "ws-1",
    username: "j.doe",
    srcIp: "185.220.101.4",
    detectionSource: "Okta",
    mitreTechniques: ["T1110"],
    tactics: ["Credential Access"],
  });
  const a2 = await ingest(analystA, tenantA, "a2", {
    name: "Login storm 2",
    rule: "Brute force",
    priority: "High",
    hostname: "ws-1",
    username: "a.smith",
    srcIp: "8.8.8.8",
    detectionSource: "Okta",
    mitreTechniques: ["T1059.001"],
    tactics: ["Execution"],
  });
  const a3 = await ingest(analystA, tenantA, "a3", {
    name: "Encoded command",
    rule: "PowerShell",
    priority: "Medium",
    hostname: "ws-2",
    srcIp: "10.0.0.5",
    detectionSource: "Wazuh",
    mitreTechniques: ["T1110"],
  });
  const a4 = await ingest(analystA, tenantA, "a4", { name: "PowerShell", priority: "Low", detectionSource: "Wazuh" });
  await ingest(analystA, tenantA, "a5", {
    name: "PowerShell",
    priority: "Critical",
    srcIp: "8.8.8.8",
    detectedAt: iso(now - minutes(20)),
  });
  const a6 = await ingest(analystA, tenantA, "a6", { name: "Port scan", priority: "Low", srcIp: "185.220.101.4" });
  // Previous period: one acknowledged after 20 minutes, a technique not seen since.
  const p1 = await ingest(analystA, tenantA, "p1", {
    name: "Old",
    priority: "High",
    mitreTechniques: ["T1566"],
    tactics: ["Initial Access"],
    detectedAt: iso(now - days(8)),
  });
  await ingest(analystA, tenantA, "p2", {
    name: "Old 2",
    priority: "Medium",
    mitreTechniques: ["T1110"],
    detectedAt: iso(now - days(9)),
  });
  await ingest(analystB, tenantB, "b1", {
    name: "B secret alert",
    rule: "B secret rule",
    priority: "Critical",
    hostname: "b-secret-host",
    srcIp: "81.2.69.160",
    mitreTechniques: ["T1190"],
  });

  await moves(analystA, a1, base, [
    [10, "Acknowledged"],
    [20, "In Progress"],
    [60, "Resolved"],
  ]);
  await moves(analystA, a2, base, [
    [40, "Acknowledged"],
    [50, "In Progress"],
  ]);
  await moves(analystA, a4, base, [[5, "Closed", { resolutionType: "Automated", closureNotes: "Known admin script" }]]);
  await moves(analystA, a6, base, [[15, "Closed", { resolutionType: "Manual", closureNotes: "Scanner we run" }]]);
  await moves(analystA, p1, now - days(8), [[20, "Acknowledged"]]);
  expect((await analystA.post(`/api/v1/alerts/${a2}/assign`, { assigneeUserId: priya.id })).statusCode).toBe(200);
  // An incident of the previous period, then one of this period holding a2.
  app.clock.now = now - days(9);
  expect(
    (await analystA.post("/api/v1/incidents", { tenantId: tenantA, title: "Old phishing", priority: "Medium" })).statusCode,
  ).toBe(201);
  app.clock.now = now - hours(2);
  const escalated = await analystA.post("/api/v1/incidents/escalate", { alertIds: [a2, a1] });
  expect(escalated.statusCode).toBe(200);
  incidentA = escalated.json().incident.id;
  await analystA.patch(`/api/v1/incidents/${incidentA}`, {
    rootCause: "Password spraying from a VPN exit",
    ticketId: "CHG-1042",
  });
  await analystA.post(`/api/v1/incidents/${incidentA}/comments`, { comment: "Blocked the source addresses." });
  app.clock.now = now;
  incidentB = (
    await analystB.post("/api/v1/incidents", { tenantId: tenantB, title: "B secret incident", priority: "High" })
  ).json().incident.id;
  expect(a3).toBeTruthy();

  // Findings: Log4Shell (in KEV) on A's web server and on B's, a KEV PHP flaw and a plain TLS finding on A.
  const web = await seedAsset(app.ctx.db, tenantA, { key: "ASSET-1", name: "web-01", businessImpact: "High" }, now);
  const db = await seedAsset(app.ctx.db, tenantA, { key: "ASSET-2", name: "db-01", businessImpact: "Medium" }, now);
  const bWeb = await seedAsset(app.ctx.db, tenantB, { key: "ASSET-9", name: "b-secret-web", businessImpact: "High" }, now);
  await seedFinding(
    app.ctx.db,
    web,
    { title: "Apache Log4j RCE", severity: "Critical", score: 10, cves: ["CVE-2021-44228"], firstSeen: now - days(3) },
    now,
  );
  await seedFinding(
    app.ctx.db,
    web,
    { title: "TLS 1.0 enabled", severity: "Medium", score: 5.3, firstSeen: now - days(20) },
    now,
  );
  await seedFinding(
    app.ctx.db,
    db,
    { title: "PHP-CGI injection", severity: "High", score: 7.5, cves: ["CVE-2012-1823"], firstSeen: now - days(45) },
    now,
  );
  await seedFinding(
    app.ctx.db,
    bWeb,
    { title: "B secret finding", severity: "Critical", score: 10, cves: ["CVE-2021-44228"], firstSeen: now - days(2) },
    now,
  );
  const { client: platform } = await signedInClient(app, [], { platformAdmin: true });
  const entry = (cveID: string, name: string) => ({
    cveID,
    vendorProject: "Vendor",
    product: "Product",
    vulnerabilityName: name,
    dateAdded: "2021-12-10",
    shortDescription: "Exploited.",
    requiredAction: "Apply updates per vendor instructions.",
    dueDate: "2021-12-24",
    knownRansomwareCampaignUse: cveID === "CVE-2021-44228" ? "Known" : "Unknown",
    notes: "",
    cwes: [],
  });
  const kev = {
    catalogVersion: "2026.11.20",
    dateReleased: "2026-11-20T12:00:00.000Z",
    count: 2,
    vulnerabilities: [entry("CVE-2021-44228", "Apache Log4j2 RCE"), entry("CVE-2012-1823", "PHP-CGI Query String")],
  };
  const kevLoad = await platform.request({
    method: "POST",
    url: "/api/v1/intel/kev",
    payload: JSON.stringify(kev),
    headers: { "content-type": "application/json" },
  });
  expect(kevLoad.statusCode, kevLoad.body).toBe(200);
  const epss = await platform.request({
    method: "POST",
    url: "/api/v1/intel/epss",
    payload: "cve,epss,percentile\nCVE-2021-44228,0.97,0.99\nCVE-2012-1823,0.4,0.9\n",
    headers: { "content-type": "text/csv" },
  });
  expect(epss.statusCode, epss.body).toBe(200);
});
afterAll(() => app.close());

/** Tenant ids are known once the app is up: queries name them as __A__ and __B__. */
const q = (query: string) => query.replaceAll("__A__", tenantA).replaceAll("__B__", tenantB);
const week = "tenants=__A__&period=last7&tz=UTC";

describe("executive report", () => {
  it("shows the dashboard's figures for the same tenants and period, and the previous period's", async () => {
    const r = await json<ExecutiveReport>(analystA, `/api/v1/reports/executive?${q(week)}`);
    expect(r.meta.period).toMatchObject({ from: FROM, to: TO, fromDay: "2026-11-15", toDay: "2026-11-21", timeZone: "UTC" });
    expect(r.meta.tenants).toEqual([{ id: tenantA, name: "Report A" }]);
    const dash = await json<DashboardSummary>(analystA, `/api/v1/dashboard/summary?${range}`);
    const before = await json<DashboardSummary>(analystA, `/api/v1/dashboard/summary?${previousRange}`);
    expect(r.alerts.total).toEqual({ current: dash.alerts.current, previous: before.alerts.current });
    expect(r.alerts.total).toEqual({ current: 6, previous: 2 });
    expect(r.alerts.open).toBe(dash.open);
    expect(r.alerts.openByPriority).toEqual(dash.openByPriority);
    expect(r.alerts.escalated).toEqual({ current: dash.escalated, previous: before.escalated });
    expect(r.alerts.resolved).toEqual({ current: dash.resolved, previous: before.resolved });
    expect(r.alerts.resolvedAutomatically).toBe(dash.resolvedAutomatically);
    expect(r.alerts.breachedNow).toBe(dash.breachedNow);
    expect(r.mttaMinutes).toEqual({ current: dash.mttaMinutes.current, previous: before.mttaMinutes.current });
    expect(r.mttrMinutes).toEqual({ current: dash.mttrMinutes.current, previous: before.mttrMinutes.current });
    expect(r.sla.ackMetPercent).toEqual({ current: dash.ackMetPercent.current, previous: before.ackMetPercent.current });
    expect(r.sla.respondMetPercent).toEqual({
      current: dash.respondMetPercent.current,
      previous: before.respondMetPercent.current,
    });
    // The previous period of "last 7 days" is the dashboard's own previous period.
    expect(r.mttaMinutes.previous).toBe(dash.mttaMinutes.previous);
    // Alerts by priority: each is the alert list's length for that priority over the period.
    for (const p of r.alerts.byPriority) {
      expect((await alertList(analystA, `view=all&priority=${p.priority}&${range}`)).length, p.priority).toBe(p.current);
      expect((await alertList(analystA, `view=all&priority=${p.priority}&${previousRange}`)).length, p.priority).toBe(p.previous);
    }
    expect(r.alerts.byPriority.reduce((s, p) => s + p.current, 0)).toBe(r.alerts.total.current);
  });

  it("counts incidents as the incident list does, and takes risk, KEV and top risks from the Executive Risk View", async () => {
    const r = await json<ExecutiveReport>(analystA, `/api/v1/reports/executive?${q(week)}`);
    const incidents = await listed(analystA, "/api/v1/incidents", `view=all&${range}`);
    const previous = await listed(analystA, "/api/v1/incidents", `view=all&${previousRange}`);
    expect(r.incidents.total).toEqual({ current: incidents.length, previous: previous.length });
    expect(r.incidents.total).toEqual({ current: 1, previous: 1 });
    expect(r.incidents.byPriority.find((p) => p.priority === "Critical")).toEqual({
      priority: "Critical",
      current: 1,
      previous: 0,
    });
    expect(r.incidents.byPriority.find((p) => p.priority === "Medium")).toEqual({ priority: "Medium", current: 0, previous: 1 });
    expect(r.incidents.open).toBe((await listed(analystA, "/api/v1/incidents", `view=open&${range}`)).length);

    const risk = await json<RiskSummary>(analystA, "/api/v1/risk/summary?days=30");
    expect(r.risk.score).toBe(risk.score.score);
    expect(r.risk.band).toBe(risk.score.band);
    expect(r.risk.factors).toEqual(risk.score.factors);
    expect(r.risk.totals.openFindings).toBe(risk.totals.openFindings);
    expect(r.topRisks).toEqual(risk.topRisks.slice(0, 5));
    const kevFindings = await listed(analystA, "/api/v1/findings", "view=open&kev=true");
    expect(r.kev.openFindings).toBe(kevFindings.length);
    expect(r.kev.openFindings).toBe(risk.totals.kevFindings);
    expect(r.kev).toMatchObject({ openFindings: 2, cves: 2, assets: 2 });
    expect(r.kev.top.map((c) => c.cveId).sort()).toEqual(["CVE-2012-1823", "CVE-2021-44228"]);
    expect(r.compliance).toMatchObject({ available: true, frameworks: [], tenantsWithModule: 1, tenantsWithout: 0 });
    expect(r.compliance.note).toMatch(/No compliance scan mapped to a framework has been imported/);
    expect(r.summary.join(" ")).toMatch(/6 alerts came in/);
  });

  it("gives the compliance pages' framework scores for the tenants with the Compliance module", async () => {
    const tenantC = (await makeTenant(app, "Report C", ["compliance"])).id;
    const tenantD = (await makeTenant(app, "Report D", [])).id;
    const { client: ownerC } = await signedInClient(app, [
      { tenantId: tenantD, role: "owner" },
      { tenantId: tenantC, role: "owner" },
    ]);
    const without = await json<ExecutiveReport>(ownerC, `/api/v1/reports/executive?tenants=${tenantD}&period=last7&tz=UTC`);
    expect(without.compliance).toMatchObject({ available: false, frameworks: [], tenantsWithout: 1 });
    expect(without.compliance.note).toMatch(/not enabled for these tenants/);
    const control = (id: string, cis: string, status: string, nist: string) => ({
      id,
      title: `Control ${id}`,
      impact: 0.7,
      tags: { cis, nist: [nist] },
      results: [{ status, start_time: "2026-11-20T00:00:00Z" }],
    });
    const inspec = {
      platform: { name: "ubuntu", target_id: "report-c-host" },
      profiles: [
        {
          name: "report-c-profile",
          controls: [
            control("c-1", "1.1", "passed", "AC-2"),
            control("c-2", "1.2", "failed", "AC-3"),
            control("c-3", "1.3", "passed", "AU-2"),
          ],
        },
      ],
    };
    const imported = await ownerC.request({
      method: "POST",
      url: `/api/v1/imports/compliance?tenantId=${tenantC}`,
      payload: JSON.stringify(inspec),
      headers: { "content-type": "application/json" },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const r = await json<ExecutiveReport>(ownerC, `/api/v1/reports/executive?tenants=${tenantD},${tenantC}&period=last7&tz=UTC`);
    ownerC.tenantId = tenantC;
    const page = await json<{ items: { framework: string; passRate: number | null; pass: number; fail: number }[] }>(
      ownerC,
      "/api/v1/compliance/frameworks",
    );
    ownerC.tenantId = null;
    expect(page.items.length).toBeGreaterThan(0);
    expect(r.compliance).toMatchObject({ available: true, tenantsWithModule: 1, tenantsWithout: 1 });
    expect(r.compliance.note).toMatch(/1 of the 2 tenants does not have the Compliance module/);
    expect(r.compliance.frameworks.map((f) => [f.framework, f.passRate, f.pass, f.fail])).toEqual(
      page.items.map((f) => [f.framework, f.passRate, f.pass, f.fail]),
    );
    const cis = r.compliance.frameworks.find((f) => f.framework === "cis");
    expect(cis).toMatchObject({ label: "CIS Benchmarks", pass: 2, fail: 1, passRate: 66.7 });
    const { text } = await pdf(
      ownerC,
      `/api/v1/reports/executive.pdf?tenants=${tenantD},${tenantC}&period=last7&tz=UTC`,
      "exec-c.pdf",
    );
    expect(text).toContain("CIS Benchmarks");
    expect(text).toContain("66.7%");
    const csv = await ownerC.get(
      `/api/v1/reports/executive.csv?tenants=${tenantD},${tenantC}&period=last7&tz=UTC&table=compliance`,
    );
    expect(csv.body.split("\n")[0]).toContain("Framework");
    expect(csv.body).toContain("CIS Benchmarks");
  });

  it("lets executives read it, never another tenant's figures, and covers every tenant in scope when none is named", async () => {
    const { client: exec } = await signedInClient(app, [{ tenantId: tenantA, role: "executive" }]);
    const r = await json<ExecutiveReport>(exec, `/api/v1/reports/executive?period=last7`);
    expect(r.alerts.total.current).toBe(6);
    expect(r.meta.allTenants).toBe(true);
    const text = JSON.stringify(r);
    for (const secret of [tenantB, "B secret", "b-secret", "81.2.69.160"]) expect(text).not.toContain(secret);

    const all = await json<ExecutiveReport>(ownerBoth, "/api/v1/reports/executive?period=last7");
    expect(all.meta.subject).toBe("All 2 tenants");
    const dashAll = await json<DashboardSummary>(ownerBoth, `/api/v1/dashboard/summary?${range}`);
    expect(all.alerts.total.current).toBe(dashAll.alerts.current);
    expect(all.alerts.total.current).toBe(7);
    expect(all.kev.openFindings).toBe(3);
    const both = await json<ExecutiveReport>(ownerBoth, q("/api/v1/reports/executive?period=last7&tenants=__A__,__B__"));
    expect(both.meta.subject).toBe("Report A and Report B");
    expect(both.alerts.total).toEqual(all.alerts.total);
    // The header's tenant narrows the scope as on every route.
    ownerBoth.tenantId = tenantB;
    const onlyB = await json<ExecutiveReport>(ownerBoth, "/api/v1/reports/executive?period=last7");
    expect(onlyB.meta.tenants).toEqual([{ id: tenantB, name: "Report B" }]);
    expect(onlyB.alerts.total.current).toBe(1);
    expect((await ownerBoth.get(q("/api/v1/reports/executive?tenants=__A__"))).statusCode).toBe(403);
    ownerBoth.tenantId = null;
  });
});

describe("service report", () => {
  it("counts SLA met and missed per priority and the breaches as the alert list filters them", async () => {
    const r = await json<ServiceReport>(analystA, `/api/v1/reports/service?${q(week)}`);
    const dash = await json<DashboardSummary>(analystA, `/api/v1/dashboard/summary?${range}`);
    expect(r.alerts.received.current).toBe(dash.alerts.current);
    expect(r.alerts.handled.current).toBe(dash.resolved);
    expect(r.alerts.open).toBe(dash.open);
    expect(r.alerts.incidentsCreated).toEqual({ current: 1, previous: 1 });
    for (const row of r.sla.byPriority) {
      const count = async (filter: string) =>
        (await alertList(analystA, `view=all&priority=${row.priority}&${filter}&${range}`)).length;
      expect(row.ackMet, `${row.priority} ack met`).toBe(await count("ackSla=Met"));
      expect(row.ackMissed, `${row.priority} ack missed`).toBe(await count("ackSla=Missed"));
      expect(row.respondMet, `${row.priority} respond met`).toBe(await count("respondSla=Met"));
      expect(row.respondMissed, `${row.priority} respond missed`).toBe(await count("respondSla=Missed"));
    }
    // The overall shares are the dashboard's.
    expect(r.sla.total.ackMetPercent).toBe(dash.ackMetPercent.current);
    expect(r.sla.total.respondMetPercent).toBe(dash.respondMetPercent.current);
    const ackMissed = await alertList(analystA, `view=all&ackSla=Missed&${range}`);
    const respondMissed = await alertList(analystA, `view=all&respondSla=Missed&${range}`);
    const union = new Set([...ackMissed, ...respondMissed].map((a) => a.id));
    expect(r.breaches.total).toBe(union.size);
    expect(new Set(r.breaches.items.map((b) => b.id))).toEqual(union);
    expect(r.breaches.truncated).toBe(false);
  });

  it("splits resolutions, counts noise and ranks rules, sources, assets and analysts like the lists", async () => {
    const r = await json<ServiceReport>(analystA, `/api/v1/reports/service?${q(week)}`);
    const dash = await json<DashboardSummary>(analystA, `/api/v1/dashboard/summary?${range}`);
    expect(r.resolution.automated).toBe((await alertList(analystA, `view=closed&resolution=Automated&${range}`)).length);
    expect(r.resolution.manual).toBe((await alertList(analystA, `view=closed&resolution=Manual&${range}`)).length);
    expect(r.resolution).toEqual({ resolved: 3, automated: 1, manual: 1, unrecorded: 1 });
    expect(r.noise.closedWithoutEscalation).toBe((await alertList(analystA, `view=closed&escalated=No&${range}`)).length);
    expect(r.noise.closedWithoutEscalation).toBe(2);
    expect(r.topRules).toEqual(dash.topRules);
    expect(r.topAssets).toEqual(dash.topHosts);
    for (const s of r.topSources.filter((x) => x.key)) {
      expect((await alertList(analystA, `view=all&detectionSource=${enc(s.key)}&${range}`)).length).toBe(s.count);
    }
    expect(r.topSources.map((s) => [s.label, s.count])).toEqual([
      ["Not recorded", 2],
      ["Okta", 2],
      ["Wazuh", 2],
    ]);
    const stats = await json<{ items: { key: string; alerts: number; mttaMinutes: number | null }[] }>(
      analystA,
      `/api/v1/alerts/stats?by=assignee&${range}`,
    );
    expect(r.analysts.map((a) => [a.name, a.alerts, a.mttaMinutes]).sort()).toEqual(
      stats.items.map((s) => [s.key, s.alerts, s.mttaMinutes]).sort(),
    );
    const byPriority = await json<{ items: { key: string; mttaMinutes: number | null; mttrMinutes: number | null }[] }>(
      analystA,
      `/api/v1/alerts/stats?by=priority&${range}`,
    );
    for (const s of byPriority.items) {
      expect(r.times.byPriority.find((t) => t.priority === s.key)).toMatchObject({
        mttaMinutes: s.mttaMinutes,
        mttrMinutes: s.mttrMinutes,
      });
    }
  });

  it("needs the operational read permission: executives are refused", async () => {
    const { client: exec } = await signedInClient(app, [{ tenantId: tenantA, role: "executive" }]);
    expect((await exec.get(`/api/v1/reports/service?${q(week)}`)).statusCode).toBe(403);
    expect((await exec.get(`/api/v1/reports/incidents?${q(week)}`)).statusCode).toBe(403);
    const { client: viewer } = await signedInClient(app, [{ tenantId: tenantA, role: "viewer" }]);
    expect((await viewer.get(`/api/v1/reports/service?${q(week)}`)).statusCode).toBe(200);
  });
});

describe("incidents report", () => {
  it("lists the period's incidents as the incident list does", async () => {
    const r = await json<IncidentsReport>(analystA, `/api/v1/reports/incidents?${q(week)}`);
    const list = await listed(analystA, "/api/v1/incidents", `view=all&${range}`);
    expect(r.items.map((i) => i.id)).toEqual(list.map((i) => i.id));
    expect(r.totals.created).toEqual({ current: 1, previous: 1 });
    expect(r.items[0]).toMatchObject({ title: "Login storm 2", priority: "Critical", alertCount: 2, tenantName: "Report A" });
    expect(r.byStatus.find((s) => s.status === "Open")?.count).toBe(1);
  });

  it("renders one incident as a document and refuses another tenant's", async () => {
    const d = await json<IncidentDocument>(analystA, `/api/v1/reports/incidents/${incidentA}/document?tz=Europe/Berlin`);
    expect(d.incident).toMatchObject({ rootCause: "Password spraying from a VPN exit", ticketId: "CHG-1042", alertCount: 2 });
    expect(d.meta.timeZone).toBe("Europe/Berlin");
    expect(d.alerts.map((a) => a.name).sort()).toEqual(["Login storm", "Login storm 2"]);
    expect(d.techniques.map((t) => [t.id, t.alerts, t.tactics])).toEqual([
      ["T1059.001", 1, ["Execution"]],
      ["T1110", 1, ["Credential Access"]],
    ]);
    expect(d.assets).toEqual([
      { name: "ws-1", kind: "host", alerts: 2 },
      { name: "185.220.101.4", kind: "address", alerts: 1 },
      { name: "8.8.8.8", kind: "address", alerts: 1 },
    ]);
    expect(d.users.map((u) => u.name)).toEqual(["a.smith", "j.doe"]);
    expect(d.timeline.map((t) => t.text)).toContain("Commented: Blocked the source addresses.");
    const page = await json<{ timeline: unknown[] }>(analystA, `/api/v1/incidents/${incidentA}`);
    expect(d.timeline).toHaveLength(page.timeline.length);
    expect((await analystA.get(`/api/v1/reports/incidents/${incidentB}/document`)).statusCode).toBe(404);
    expect((await analystA.get(`/api/v1/reports/incidents/${incidentA}/document?tz=Nowhere`)).statusCode).toBe(400);
  });
});

describe("threat report", () => {
  it("takes techniques and tactics from the ATT&CK coverage of both periods and names the new ones", async () => {
    const r = await json<ThreatReport>(analystA, `/api/v1/reports/threat?${q(week)}`);
    const coverage = await json<{ techniques: { id: string; alerts: number }[]; tactics: { tactic: string; alerts: number }[] }>(
      analystA,
      `/api/v1/attack/coverage?${range}`,
    );
    const before = await json<{ techniques: { id: string; alerts: number }[] }>(
      analystA,
      `/api/v1/attack/coverage?${previousRange}`,
    );
    expect(r.techniques.map((t) => [t.id, t.current])).toEqual(coverage.techniques.map((t) => [t.id, t.alerts]));
    expect(r.techniqueCount).toEqual({ current: coverage.techniques.length, previous: before.techniques.length, new: 1 });
    expect(r.techniques.find((t) => t.id === "T1110")).toMatchObject({ current: 2, previous: 1, isNew: false });
    expect(r.newTechniques.map((t) => t.id)).toEqual(["T1059.001"]);
    for (const t of coverage.tactics) expect(r.tactics.find((x) => x.tactic === t.tactic)?.current).toBe(t.alerts);
    expect(r.tactics.find((t) => t.tactic === "Initial Access")).toEqual({ tactic: "Initial Access", current: 0, previous: 1 });
  });

  it("ranks public source addresses and countries, and lists the open KEV CVEs with EPSS", async () => {
    const r = await json<ThreatReport>(analystA, `/api/v1/reports/threat?${q(week)}`);
    expect(r.sources.addresses.map((a) => [a.address, a.alerts])).toEqual([
      ["185.220.101.4", 2],
      ["8.8.8.8", 2],
    ]);
    expect(r.sources.addresses.every((a) => a.country)).toBe(true);
    expect(r.sources.publicAlerts).toBe(4);
    expect(r.sources.internalAlerts).toBe(1);
    expect(r.sources.withoutSource).toBe(1);
    expect(r.sources.countries.reduce((s, c) => s + c.alerts, 0)).toBe(4);
    expect(r.cves.items.map((c) => [c.cveId, c.openFindings, c.assets, c.epss, c.newInPeriod, c.knownRansomware])).toEqual([
      ["CVE-2012-1823", 1, 1, 0.4, false, false],
      ["CVE-2021-44228", 1, 1, 0.97, true, true],
    ]);
    expect(r.cves.kevFindings).toBe((await listed(analystA, "/api/v1/findings", "view=open&kev=true")).length);
    expect(r.layer.techniques).toBe(r.techniqueCount.current);
    expect(JSON.stringify(r)).not.toMatch(/81\.2\.69\.160|B secret|T1190/);
  });
});

describe("parameters", () => {
  it("refuses tenants outside the caller's scope: 404 for a stranger's, 403 for one the role may not read", async () => {
    expect((await analystA.get(q("/api/v1/reports/executive?tenants=__B__"))).statusCode).toBe(404);
    expect((await analystA.get(q("/api/v1/reports/threat?tenants=__A__,__B__"))).statusCode).toBe(404);
    const leaked = await analystA.get(q("/api/v1/reports/service?tenants=__B__"));
    expect(leaked.statusCode).toBe(404);
    expect(leaked.body).not.toContain("Report B");
    const { client: mixed } = await signedInClient(app, [
      { tenantId: tenantA, role: "analyst" },
      { tenantId: tenantB, role: "executive" },
    ]);
    expect((await mixed.get(q("/api/v1/reports/service?tenants=__B__"))).statusCode).toBe(403);
    expect((await mixed.get(q("/api/v1/reports/executive?tenants=__B__"))).statusCode).toBe(200);
    // With no tenant named, the service report covers only the tenants the role may read it in.
    const own = await json<ServiceReport>(mixed, "/api/v1/reports/service?period=last7");
    expect(own.meta.tenants.map((t) => t.id)).toEqual([tenantA]);
  });

  it("names the bad parameter", async () => {
    const field = async (query: string) => {
      const response = await analystA.get(`/api/v1/reports/executive?${query}`);
      expect(response.statusCode, query).toBe(400);
      return response.json().details?.[0]?.path;
    };
    expect(await field("period=custom&to=2026-11-01")).toBe("from");
    expect(await field("period=custom&from=2026-11-01")).toBe("to");
    expect(await field("period=month&month=2027-01")).toBe("month");
    expect(await field("period=quarter&quarter=Q3")).toBe("quarter");
    expect(await field("tz=Mars%2FOlympus")).toBe("tz");
    expect((await analystA.get("/api/v1/reports/executive?period=weekly")).statusCode).toBe(400);
  });

  it("reads calendar months in the report's time zone, as the dashboard counts the same instants", async () => {
    const r = await json<ExecutiveReport>(
      analystA,
      q("/api/v1/reports/executive?tenants=__A__&period=month&month=2026-11&tz=Pacific%2FAuckland"),
    );
    expect(r.meta.period).toMatchObject({
      label: "November 2026 (to date)",
      from: "2026-10-31T11:00:00.000Z",
      to: "2026-11-30T11:00:00.000Z",
    });
    const dash = await json<DashboardSummary>(
      analystA,
      `/api/v1/dashboard/summary?from=${enc("2026-10-31T11:00:00.000Z")}&to=${enc("2026-11-30T11:00:00.000Z")}`,
    );
    expect(r.alerts.total.current).toBe(dash.alerts.current);
    expect(r.alerts.total.current).toBe(8);
    expect(r.meta.query).toBe(`tenants=${tenantA}&period=month&month=2026-11&tz=Pacific%2FAuckland`);
    // The default month is the last complete one.
    const last = await json<ExecutiveReport>(analystA, "/api/v1/reports/executive?period=month");
    expect(last.meta.period?.label).toBe("October 2026");
  });
});

async function pdf(client: TestClient, url: string, name: string) {
  const response = await client.get(url);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers["content-type"]).toBe("application/pdf");
  expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="watchfloor-.+\.pdf"$/);
  return { ...pdfText(response.rawPayload, name), id: String(response.headers["x-report-id"]) };
}

describe("PDF downloads", () => {
  it("makes the executive report two pages with its title block, figures, page numbers and the compliance note", async () => {
    const r = await json<ExecutiveReport>(analystA, `/api/v1/reports/executive?${q(week)}`);
    const { text, pages } = await pdf(analystA, `/api/v1/reports/executive.pdf?${q(week)}`, "executive.pdf");
    expect(pages).toBe(2);
    expect(text).toContain("Executive report: Report A");
    expect(text).toContain("Last 7 days (2026-11-15 to 2026-11-21)");
    expect(text).toMatch(/Generated 2026-11-21 12:00 \(UTC\) by /);
    expect(text).toContain("Page 1 of 2");
    expect(text).toContain("Page 2 of 2");
    for (const sentence of r.summary) expect(text).toContain(sentence);
    expect(text).toContain("No compliance scan mapped to a framework has been imported");
    expect(text).toContain("CVE-2021-44228");
    expect(text).not.toMatch(/B secret|b-secret|Report B/);
  });

  it("gives the service, incidents and threat reports a cover, contents and their tables", async () => {
    const service = await pdf(
      analystA,
      `/api/v1/reports/service?${q(week)}`.replace("/service?", "/service.pdf?"),
      "service.pdf",
    );
    expect(service.text).toContain("Service report");
    expect(service.text).toContain("Prepared for");
    expect(service.text).toContain("Contents");
    expect(service.text).toContain("SLA breaches");
    expect(service.text).toContain("Analyst activity");
    expect(service.text).toContain("Priya Nair");
    expect(service.text).toMatch(/Page 1 of \d+/);
    const incidents = await pdf(analystA, `/api/v1/reports/incidents.pdf?${q(week)}`, "incidents.pdf");
    expect(incidents.text).toContain("Login storm 2");
    const threat = await pdf(analystA, `/api/v1/reports/threat.pdf?${q(week)}`, "threat.pdf");
    expect(threat.text).toContain("T1059.001");
    expect(threat.text).toContain("185.220.101.4");
    expect(threat.text).toContain("CVE-2012-1823");
    expect(threat.text).not.toMatch(/81\.2\.69\.160|T1190/);
    const document = await pdf(
      analystA,
      `/api/v1/reports/incidents/${incidentA}/document.pdf?tz=Europe%2FBerlin`,
      "incident.pdf",
    );
    expect(document.text).toContain("Password spraying from a VPN exit");
    expect(document.text).toContain("CHG-1042");
    expect(document.text).toContain("Blocked the source addresses.");
    expect((await analystA.get(`/api/v1/reports/incidents/${incidentB}/document.pdf`)).statusCode).toBe(404);
  });

  it("attaches the period's Navigator layer to the threat PDF, the same as the layer download", async () => {
    const response = await analystA.get(`/api/v1/reports/threat.pdf?${q(week)}`);
    const dir = mkdtempSync(path.join(tmpdir(), "wf-layer-"));
    writeFileSync(path.join(dir, "threat.pdf"), response.rawPayload);
    expect(execFileSync("pdfdetach", ["-list", path.join(dir, "threat.pdf")], { encoding: "utf8" })).toContain(
      "watchfloor-attack-2026-11-15-to-2026-11-21.json",
    );
    execFileSync("pdfdetach", ["-save", "1", "-o", path.join(dir, "layer.json"), path.join(dir, "threat.pdf")]);
    const attached = JSON.parse(execFileSync("cat", [path.join(dir, "layer.json")], { encoding: "utf8" }));
    const layer = await json<{ techniques: { techniqueID: string; score: number }[] }>(
      analystA,
      `/api/v1/reports/threat/layer.json?${q(week)}`,
    );
    expect(attached.techniques).toEqual(layer.techniques);
    const coverage = await analystA.get(`/api/v1/attack/layer?${range}`);
    expect(layer.techniques).toEqual(coverage.json().techniques);
  });
});

describe("CSV downloads", () => {
  it("gives each table with a header row, the full lists included", async () => {
    const csv = async (url: string) => {
      const response = await analystA.get(url);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      return response.body.trim().split("\r\n");
    };
    const sla = await csv(`/api/v1/reports/service.csv?${q(week)}&table=sla-by-priority`);
    expect(sla[0]).toBe("Priority,Alerts,Ack met,Ack missed,Ack met %,Response met,Response missed,Response met %");
    expect(sla).toHaveLength(6);
    const r = await json<ServiceReport>(analystA, `/api/v1/reports/service?${q(week)}`);
    expect(await csv(`/api/v1/reports/service.csv?${q(week)}&table=breaches`)).toHaveLength(r.breaches.total + 1);
    expect((await csv(`/api/v1/reports/threat.csv?${q(week)}&table=cves`))[1]).toMatch(
      /^CVE-2012-1823,PHP-CGI Query String,2021-12-10,No,40\.0%,1,1,No$/,
    );
    expect(await csv(`/api/v1/reports/incidents/${incidentA}/document.csv?table=users`)).toEqual([
      "User,Alerts",
      "a.smith,1",
      "j.doe,1",
    ]);
    const bad = await analystA.get(`/api/v1/reports/executive.csv?${q(week)}&table=nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ path: "table" });
  });
});

describe("archive", () => {
  it("keeps every PDF with who, when and the parameters, shows it to those who may read all its tenants, and audits it", async () => {
    const { client: analyst } = await signedInClient(app, [{ tenantId: tenantA, role: "analyst" }]);
    const made = await pdf(analyst, `/api/v1/reports/executive.pdf?${q(week)}`, "archived.pdf");
    const page = await json<{
      items: {
        id: string;
        kind: string;
        query: string;
        createdBy: string;
        periodLabel: string;
        tenants: { id: string }[];
        size: number;
      }[];
    }>(analyst, "/api/v1/reports/archive?kind=executive");
    const entry = page.items.find((i) => i.id === made.id);
    expect(entry).toMatchObject({
      kind: "executive",
      periodLabel: "Last 7 days (2026-11-15 to 2026-11-21)",
      tenants: [{ id: tenantA }],
    });
    expect(entry?.query).toBe(`tenants=${tenantA}&period=last7&tz=UTC`);
    const file = await analyst.get(`/api/v1/reports/archive/${made.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(file.rawPayload.length).toBe(entry?.size);

    // A report over A and B is hidden from those who cannot read B.
    const both = await pdf(ownerBoth, q("/api/v1/reports/executive.pdf?tenants=__A__,__B__&period=last7"), "both.pdf");
    expect((await json<{ items: { id: string }[] }>(analyst, "/api/v1/reports/archive")).items.map((i) => i.id)).not.toContain(
      both.id,
    );
    expect((await analyst.get(`/api/v1/reports/archive/${both.id}/file`)).statusCode).toBe(404);
    expect((await json<{ items: { id: string }[] }>(ownerBoth, "/api/v1/reports/archive")).items.map((i) => i.id)).toContain(
      both.id,
    );
    // Executives see executive reports, not service reports.
    const service = await pdf(analyst, `/api/v1/reports/service.pdf?${q(week)}`, "service-archived.pdf");
    const { client: exec } = await signedInClient(app, [{ tenantId: tenantA, role: "executive" }]);
    const seen = (await json<{ items: { id: string }[] }>(exec, "/api/v1/reports/archive")).items.map((i) => i.id);
    expect(seen).toContain(made.id);
    expect(seen).not.toContain(service.id);
    expect((await exec.get(`/api/v1/reports/archive/${service.id}/file`)).statusCode).toBe(404);

    const audit = await json<{ items: { event: string; tenantId: string; details: Record<string, unknown> }[] }>(
      ownerBoth,
      "/api/v1/audit?event=report.generated&limit=200",
    );
    const ofBoth = audit.items.filter((a) => a.details.reportId === both.id);
    expect(ofBoth.map((a) => a.tenantId).sort()).toEqual([tenantA, tenantB].sort());
  });

  it("lets analysts delete (audited), and refuses viewers and executives", async () => {
    const { client: viewer } = await signedInClient(app, [{ tenantId: tenantA, role: "viewer" }]);
    const made = await pdf(viewer, `/api/v1/reports/incidents.pdf?${q(week)}`, "viewer.pdf");
    expect((await viewer.delete(`/api/v1/reports/archive/${made.id}`)).statusCode).toBe(403);
    const { client: exec } = await signedInClient(app, [{ tenantId: tenantA, role: "executive" }]);
    expect((await exec.delete(`/api/v1/reports/archive/${made.id}`)).statusCode).toBe(403);
    // Someone who may change A but not B cannot delete a report over both.
    const both = await pdf(ownerBoth, q("/api/v1/reports/executive.pdf?tenants=__A__,__B__&period=last7"), "both-2.pdf");
    const { client: mixed } = await signedInClient(app, [
      { tenantId: tenantA, role: "analyst" },
      { tenantId: tenantB, role: "viewer" },
    ]);
    expect((await mixed.delete(`/api/v1/reports/archive/${both.id}`)).statusCode).toBe(403);
    expect((await analystA.delete(`/api/v1/reports/archive/${both.id}`)).statusCode).toBe(404);
    expect((await analystA.delete(`/api/v1/reports/archive/${made.id}`)).statusCode).toBe(204);
    expect((await analystA.get(`/api/v1/reports/archive/${made.id}/file`)).statusCode).toBe(404);
    const audit = await json<{ items: { event: string; details: Record<string, unknown> }[] }>(
      ownerBoth,
      "/api/v1/audit?event=report.deleted",
    );
    expect(audit.items.some((a) => a.details.reportId === made.id)).toBe(true);
  });
});
