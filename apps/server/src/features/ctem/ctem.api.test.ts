import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CtemNucleiReport, CtemScope, CtemScopeDetail, CtemTask } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { insertScope } from "./ctem.repository";
import { MAX_SCOPES } from "./ctem.service";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";
import { snapshotScopesDaily } from "./ctem-snapshots.service";

/**
 * The shared Nessus scan of testphp.vulnweb.com (44.228.249.3, a public address: internet-facing)
 * gives the scope its exposures. No Nuclei output is in the shared data: the Nuclei line below
 * follows Nuclei's documented -jsonl shape for its CVE-2012-1823 template on that host.
 */
const nessusPath = path.resolve(
  fileURLToPath(new URL("../../../../../../shared/data/vulnscans/nessus/nessus_with_cvssv3.nessus", import.meta.url)),
);
const nessus = readFileSync(nessusPath, "utf8");
const CVE = "CVE-2012-1823";
/** The same scan a month later without the CGI query-string item: that finding is gone. */
const laterScan = nessus
  .replace(/<ReportItem [^>]*pluginID="58988"[\s\S]*?<\/ReportItem>/, "")
  .replace(/(HOST_(?:START|END)_TIMESTAMP">)(\d+)/g, (_, tag: string, at: string) => `${tag}${Number(at) + 30 * 86_400}`);
const nucleiLine = JSON.stringify({
  "template-id": "CVE-2012-1823",
  info: { name: "PHP CGI v5.3.12/5.4.2 RCE", severity: "high", classification: { "cve-id": ["cve-2012-1823"] } },
  type: "http",
  host: "http://testphp.vulnweb.com",
  "matched-at": "http://testphp.vulnweb.com/index.php?-d+allow_url_include%3don",
  ip: "44.228.249.3",
  timestamp: "2026-11-21T12:00:00Z",
});
const unrelatedLine = JSON.stringify({
  "template-id": "CVE-2021-44228",
  info: { name: "Log4Shell", severity: "critical", classification: { "cve-id": ["cve-2021-44228"] } },
  host: "http://other.example.org",
  ip: "198.51.100.9",
});
const DAY = 86_400_000;
/** Prowler's OCSF output (shared data): IAM role AuditRole of account 123456789012 fails one high check. */
const prowler = readFileSync(
  path.resolve(
    fileURLToPath(new URL("../../../../../../shared/data/compliance/prowler/prowler_aws_many_vuln.ocsf.json", import.meta.url)),
  ),
);
const ROLE = "arn:aws:iam::123456789012:role/AuditRole";
/** An OCSF vulnerability finding on that role (OCSF 1.x Vulnerability Finding shape): its asset is the role. */
const roleFinding = JSON.stringify({
  class_uid: 2002,
  severity_id: 3,
  time: 1_763_000_000_000,
  metadata: { product: { name: "Inspector" } },
  finding_info: { uid: "role-finding-1", title: "Outdated trust policy" },
  resources: [{ uid: ROLE, type: "AwsIamRole" }],
  vulnerabilities: [{ title: "Role trusts a retired account", severity: "Medium" }],
});

let app: TestApp;
let tenantId: string;
let bareId: string;
let admin: TestClient;
let adminId: string;
let viewer: TestClient;
let viewerId: string;
let bare: TestClient;
let scopeId: string;

const upload = async (client: TestClient, url: string, body: string) => {
  const response = await client.request({
    method: "POST",
    url,
    payload: body,
    headers: { "content-type": "application/octet-stream" },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const detail = async (client: TestClient) => {
  const response = await client.get(`/api/v1/ctem/scopes/${scopeId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CtemScopeDetail;
};
const auditEvents = async () =>
  (await app.ctx.db.selectFrom("audit_log").select(["event", "details"]).where("tenant_id", "=", tenantId).execute()).map(
    (r) => r.event,
  );

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "CTEM Co", ["ctem", "compliance"])).id;
  bareId = (await makeTenant(app, "CTEM Bare", [])).id;
  const signed = await signedInClient(app, [{ tenantId, role: "admin" }]);
  admin = signed.client;
  adminId = signed.user.id;
  const v = await signedInClient(app, [{ tenantId, role: "viewer" }]);
  viewer = v.client;
  viewerId = v.user.id;
  bare = (await signedInClient(app, [{ tenantId: bareId, role: "owner" }])).client;
  await upload(admin, `/api/v1/imports/findings?tenantId=${tenantId}`, nessus);
});
afterAll(() => app.close());

describe("ctem scopes", () => {
  it("refuses a scope without assets, an owner who cannot work it, and a viewer", async () => {
    const body = { tenantId, name: "Web shop", ownerUserId: adminId, businessImpact: "High", rule: {} };
    const empty = await admin.post("/api/v1/ctem/scopes", body);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].path).toBe("rule.assetIds");
    const badOwner = await admin.post("/api/v1/ctem/scopes", {
      ...body,
      ownerUserId: viewerId,
      rule: { nameContains: "testphp" },
    });
    expect(badOwner.statusCode).toBe(400);
    expect(badOwner.json().details[0].path).toBe("ownerUserId");
    expect((await viewer.post("/api/v1/ctem/scopes", { ...body, rule: { nameContains: "testphp" } })).statusCode).toBe(403);
  });

  it("refuses a tenant's 51st scope: scopes are worked out on every read", async () => {
    const full = (await makeTenant(app, "CTEM Full", ["ctem"])).id;
    const owner = await signedInClient(app, [{ tenantId: full, role: "owner" }]);
    for (let i = 0; i < MAX_SCOPES; i++)
      await insertScope(app.ctx.db, {
        id: `full-${i}`,
        tenant_id: full,
        name: `Scope ${i}`,
        owner_user_id: null,
        business_impact: "Medium",
        rule: JSON.stringify({ nameContains: "nothing-matches" }),
        created_by: null,
        created_at: app.clock.now,
      });
    const refused = await owner.client.post("/api/v1/ctem/scopes", {
      tenantId: full,
      name: "One more",
      ownerUserId: owner.user.id,
      businessImpact: "High",
      rule: { nameContains: "testphp" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].path).toBe("tenantId");
    // The daily snapshot test below counts every scope: leave none behind.
    await app.ctx.db.deleteFrom("ctem_scopes").where("tenant_id", "=", full).execute();
  });

  it("creates a scope by rule and discovers its open findings, ranked by score with reasons", async () => {
    const response = await admin.post("/api/v1/ctem/scopes", {
      tenantId,
      name: "Web shop",
      ownerUserId: adminId,
      businessImpact: "High",
      rule: { nameContains: "TESTPHP" },
    });
    expect(response.statusCode, response.body).toBe(201);
    const scope = response.json() as CtemScopeDetail;
    scopeId = scope.id;
    expect(scope.assets).toBe(1);
    const open = await app.ctx.db
      .selectFrom("findings")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("status", "<>", "Closed")
      .execute();
    expect(scope.exposures).toBe(open.length);
    expect(scope.exposures).toBeGreaterThan(5);
    const scores = scope.items.map((e) => e.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scope.score).toBeGreaterThanOrEqual(scores[0] ?? 0);
    const cgi = scope.items.find((e) => e.cves.includes(CVE));
    expect(cgi?.factors.map((f) => f.factor)).toEqual([
      "severity",
      "threat",
      "business impact",
      "internet exposure",
      "compensating controls",
    ]);
    expect(cgi?.factors.find((f) => f.factor === "internet exposure")?.reason).toBe("internet-facing");
    // The asset has no business impact of its own: the scope's High applies.
    expect(cgi?.factors.find((f) => f.factor === "business impact")?.reason).toContain("scope business impact High");
    expect(await auditEvents()).toContain("ctem.scope_created");
    // Viewers read; the list carries the score.
    const list = (await viewer.get("/api/v1/ctem/scopes")).json() as { items: CtemScope[] };
    expect(list.items.map((s) => [s.name, s.score])).toEqual([["Web shop", scope.score]]);
  });

  it("refuses a tenant without CTEM and hides other tenants' scopes", async () => {
    expect((await bare.get(`/api/v1/ctem/scopes?tenantId=${bareId}`)).statusCode).toBe(403);
    expect((await bare.get(`/api/v1/ctem/scopes/${scopeId}`)).statusCode).toBe(403);
    expect((await admin.get(`/api/v1/ctem/scopes?tenantId=${bareId}`)).statusCode).toBe(404);
  });
});

describe("ctem validation", () => {
  it("marks an exposure mitigated with evidence, lowers its score, and audits who and when", async () => {
    const before = await detail(admin);
    const target = before.items[0];
    if (!target) throw new Error("no exposure");
    expect(
      (
        await viewer.post(`/api/v1/ctem/scopes/${scopeId}/validations`, {
          exposureKey: target.key,
          state: "mitigated",
          evidence: "WAF rule",
        })
      ).statusCode,
    ).toBe(403);
    const missing = await admin.post(`/api/v1/ctem/scopes/${scopeId}/validations`, {
      exposureKey: "finding:nope",
      state: "mitigated",
      evidence: "WAF rule 12",
    });
    expect(missing.statusCode).toBe(404);
    const response = await admin.post(`/api/v1/ctem/scopes/${scopeId}/validations`, {
      exposureKey: target.key,
      state: "mitigated",
      evidence: "WAF rule 12 blocks the query string",
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json() as CtemScopeDetail;
    const changed = after.items.find((e) => e.key === target.key);
    expect(changed?.validation).toMatchObject({
      state: "mitigated",
      evidence: "WAF rule 12 blocks the query string",
      source: "manual",
    });
    expect(changed?.validation?.by).toBeTruthy();
    expect(changed?.score).toBeLessThan(target.score);
    expect(changed?.factors.find((f) => f.factor === "compensating controls")?.multiplier).toBe(0.4);
    expect(await auditEvents()).toContain("ctem.exposure_validated");
  });

  it("imports Nuclei results: a match on the host and CVE validates that exposure only", async () => {
    const before = await detail(admin);
    const cgi = before.items.find((e) => e.cves.includes(CVE));
    if (!cgi) throw new Error("no CGI exposure");
    const report = (await upload(
      admin,
      `/api/v1/ctem/scopes/${scopeId}/validations/nuclei?filename=n.jsonl`,
      `${nucleiLine}\n${unrelatedLine}\n`,
    )) as CtemNucleiReport;
    expect(report).toMatchObject({ results: 2, validated: 1, unmatched: 1, keys: [cgi.key] });
    const after = await detail(admin);
    const validated = after.items.find((e) => e.key === cgi.key);
    expect(validated?.validation).toMatchObject({ state: "validated", source: "nuclei" });
    expect(validated?.factors.find((f) => f.factor === "compensating controls")?.multiplier).toBe(1.25);
    expect(after.items.filter((e) => e.validation?.source === "nuclei")).toHaveLength(1);
    expect(await auditEvents()).toContain("ctem.validations_imported");
  });
});

describe("ctem tasks and score over time", () => {
  it("counts a task's finding done only when a later scan closes it", async () => {
    const scope = await detail(admin);
    const cgi = scope.items.find((e) => e.cves.includes(CVE));
    const other = scope.items.find((e) => e.findingId && e.key !== cgi?.key);
    const body = {
      title: "Patch PHP",
      ownerUserId: adminId,
      dueDate: "2026-12-31",
      findingIds: [cgi?.findingId, other?.findingId],
    };
    const badDate = await admin.post(`/api/v1/ctem/scopes/${scopeId}/tasks`, { ...body, dueDate: "31/12/2026" });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().details[0].path).toBe("dueDate");
    const response = await admin.post(`/api/v1/ctem/scopes/${scopeId}/tasks`, body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json() as CtemTask).toMatchObject({ total: 2, done: 0, open: 2, overdue: false });
    expect(await auditEvents()).toContain("ctem.task_created");

    app.clock.now += DAY;
    const later = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
    await upload(later, `/api/v1/imports/findings?tenantId=${tenantId}`, laterScan);
    const after = await detail(later);
    expect(after.tasks[0]).toMatchObject({ title: "Patch PHP", total: 2, done: 1, open: 1 });
    expect(after.items.some((e) => e.key === cgi?.key)).toBe(false);
  });

  it("keeps one snapshot per scope and day and draws them before today's live score", async () => {
    // The clock moved a day since the validations wrote that day's snapshot: the job writes today's once.
    expect(await snapshotScopesDaily(app.ctx)).toBe(1);
    expect(await snapshotScopesDaily(app.ctx)).toBe(0);
    expect(await snapshotScopesDaily(app.ctx)).toBe(0);
    app.clock.now += DAY;
    const next = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
    const d = await detail(next);
    expect(d.trend.length).toBeGreaterThanOrEqual(3);
    expect(d.trend.at(-1)).toMatchObject({ live: true, score: d.score });
    expect(d.trend.slice(0, -1).every((p) => !p.live)).toBe(true);
    const days = d.trend.map((p) => p.date);
    expect(new Set(days).size).toBe(days.length);
  });
});

describe("ctem cloud results", () => {
  it("adds the failing cloud checks of the resource an asset is, matched without regard to case", async () => {
    // The clock moved on above: a fresh session.
    const analyst = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
    const compliance = await analyst.request({
      method: "POST",
      url: `/api/v1/imports/compliance?tenantId=${tenantId}`,
      payload: prowler,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(compliance.statusCode, compliance.body).toBe(200);
    await upload(analyst, `/api/v1/imports/findings?tenantId=${tenantId}&format=ocsf`, roleFinding);
    const identity = await app.ctx.db
      .selectFrom("asset_identities")
      .select("asset_id")
      .where("tenant_id", "=", tenantId)
      .where("kind", "=", "cloud")
      .where("value", "=", ROLE.toLowerCase())
      .executeTakeFirstOrThrow();
    const created = await analyst.post("/api/v1/ctem/scopes", {
      tenantId,
      name: "AWS roles",
      ownerUserId: adminId,
      businessImpact: "Medium",
      rule: { assetIds: [identity.asset_id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const scope = created.json() as CtemScopeDetail;
    expect(scope.items.map((e) => [e.kind, e.severity]).sort()).toEqual([
      ["cloud", "High"],
      ["finding", "Medium"],
    ]);
    const cloud = scope.items.find((e) => e.kind === "cloud");
    expect(cloud?.title).toContain(ROLE);
    expect(cloud?.factors[0]?.reason).toBe("High severity, no CVSS score");
  });
});

describe("ctem edits and deletes", () => {
  // The clock moved on above: fresh sessions.
  let editor: TestClient;
  let editorId: string;
  let reader: TestClient;
  let stranger: TestClient;
  let editId: string;
  let taskId: string;
  const audit = async (event: string) =>
    (
      await app.ctx.db
        .selectFrom("audit_log")
        .select("details")
        .where("tenant_id", "=", tenantId)
        .where("event", "=", event)
        .orderBy("at", "desc")
        .execute()
    ).map((r) => (typeof r.details === "string" ? JSON.parse(r.details) : r.details) as Record<string, unknown>);
  const createTaskIn = async (id: string, title: string) => {
    const scope = (await editor.get(`/api/v1/ctem/scopes/${id}`)).json() as CtemScopeDetail;
    const findingIds = scope.items.flatMap((e) => (e.findingId ? [e.findingId] : [])).slice(0, 2);
    const response = await editor.post(`/api/v1/ctem/scopes/${id}/tasks`, {
      title,
      ownerUserId: editorId,
      dueDate: "2027-01-31",
      findingIds,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as CtemTask;
  };

  beforeAll(async () => {
    const e = await signedInClient(app, [{ tenantId, role: "analyst" }]);
    editor = e.client;
    editorId = e.user.id;
    reader = (await signedInClient(app, [{ tenantId, role: "viewer" }])).client;
    // Another tenant that has CTEM: its owner may use CTEM, just not this tenant's scopes.
    const other = (await makeTenant(app, "CTEM Other", ["ctem"])).id;
    stranger = (await signedInClient(app, [{ tenantId: other, role: "owner" }])).client;
    const created = await editor.post("/api/v1/ctem/scopes", {
      tenantId,
      name: "Edit me",
      ownerUserId: editorId,
      businessImpact: "Low",
      rule: { nameContains: "testphp" },
    });
    expect(created.statusCode, created.body).toBe(201);
    editId = (created.json() as CtemScopeDetail).id;
    taskId = (await createTaskIn(editId, "Patch the web server")).id;
  });

  it("edits a scope's name, owner, impact and rule, and audits each change with its value before", async () => {
    const before = (await editor.get(`/api/v1/ctem/scopes/${editId}`)).json() as CtemScopeDetail;
    const response = await editor.patch(`/api/v1/ctem/scopes/${editId}`, {
      name: "  Web shop (edited)  ",
      ownerUserId: adminId,
      businessImpact: "High",
      rule: { nameContains: "testphp", internetFacingOnly: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json() as CtemScopeDetail;
    expect(after).toMatchObject({
      id: editId,
      name: "Web shop (edited)",
      owner: { id: adminId },
      businessImpact: "High",
      rule: { nameContains: "testphp", internetFacingOnly: true },
      assets: 1,
    });
    // Low to High impact on the same asset: every exposure scores higher.
    expect(after.score).toBeGreaterThan(before.score);
    expect(after.tasks.map((t) => t.id)).toEqual([taskId]);
    const [entry] = await audit("ctem.scope_changed");
    expect(entry).toMatchObject({
      scopeId: editId,
      name: "Web shop (edited)",
      changes: {
        name: { from: "Edit me", to: "Web shop (edited)" },
        ownerUserId: { from: editorId, to: adminId },
        businessImpact: { from: "Low", to: "High" },
        rule: { from: { nameContains: "testphp" }, to: { nameContains: "testphp", internetFacingOnly: true } },
      },
    });
    // Today's snapshot follows the new score.
    const snapshot = await app.ctx.db
      .selectFrom("ctem_scope_snapshots")
      .select("score")
      .where("scope_id", "=", editId)
      .orderBy("day", "desc")
      .executeTakeFirstOrThrow();
    expect(Number(snapshot.score)).toBe(after.score);
    // Sending what is already there changes nothing and audits nothing.
    const count = (await audit("ctem.scope_changed")).length;
    const same = await editor.patch(`/api/v1/ctem/scopes/${editId}`, { name: "Web shop (edited)", businessImpact: "High" });
    expect(same.statusCode, same.body).toBe(200);
    expect((await audit("ctem.scope_changed")).length).toBe(count);
  });

  it("refuses a bad scope edit with the field and the reason, and changes nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "   " }, "name"],
      [{ ownerUserId: viewerId }, "ownerUserId"],
      [{ businessImpact: "Huge" }, "businessImpact"],
      [{ rule: {} }, "rule.assetIds"],
    ];
    for (const [body, path] of cases) {
      const response = await editor.patch(`/api/v1/ctem/scopes/${editId}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details[0].path).toBe(path);
      expect(response.json().details[0].message).toBeTruthy();
    }
    const scope = (await editor.get(`/api/v1/ctem/scopes/${editId}`)).json() as CtemScopeDetail;
    expect(scope).toMatchObject({ name: "Web shop (edited)", owner: { id: adminId }, businessImpact: "High" });
  });

  it("edits a task's title, owner and due day, refuses bad values, and audits the change", async () => {
    const url = `/api/v1/ctem/scopes/${editId}/tasks/${taskId}`;
    const badDate = await editor.patch(url, { dueDate: "2027-02-30x" });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().details[0].path).toBe("dueDate");
    const badOwner = await editor.patch(url, { ownerUserId: viewerId });
    expect(badOwner.statusCode).toBe(400);
    expect(badOwner.json().details[0].path).toBe("ownerUserId");
    const badTitle = await editor.patch(url, { title: "" });
    expect(badTitle.statusCode).toBe(400);
    expect(badTitle.json().details[0].path).toBe("title");
    // The task of this scope, asked for under another scope, is not there.
    expect((await editor.patch(`/api/v1/ctem/scopes/${scopeId}/tasks/${taskId}`, { title: "Moved" })).statusCode).toBe(404);

    const response = await editor.patch(url, {
      title: "Patch PHP on the web server",
      ownerUserId: adminId,
      dueDate: "2027-03-15",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json() as CtemTask).toMatchObject({
      id: taskId,
      title: "Patch PHP on the web server",
      owner: { id: adminId },
      dueDate: "2027-03-15",
      total: 2,
    });
    const [entry] = await audit("ctem.task_changed");
    expect(entry).toMatchObject({
      scopeId: editId,
      taskId,
      changes: {
        title: { from: "Patch the web server", to: "Patch PHP on the web server" },
        ownerUserId: { from: editorId, to: adminId },
        dueDate: { from: "2027-01-31", to: "2027-03-15" },
      },
    });
  });

  it("refuses a viewer (403) and another tenant (404) on every edit and delete", async () => {
    const scopeUrl = `/api/v1/ctem/scopes/${editId}`;
    const taskUrl = `${scopeUrl}/tasks/${taskId}`;
    for (const client of [reader, stranger]) {
      const expected = client === reader ? 403 : 404;
      expect((await client.patch(scopeUrl, { name: "Taken over" })).statusCode).toBe(expected);
      expect((await client.patch(taskUrl, { title: "Taken over" })).statusCode).toBe(expected);
      expect((await client.request({ method: "DELETE", url: taskUrl })).statusCode).toBe(expected);
      expect((await client.request({ method: "DELETE", url: scopeUrl })).statusCode).toBe(expected);
    }
    const stillThere = (await editor.get(scopeUrl)).json() as CtemScopeDetail;
    expect(stillThere.name).toBe("Web shop (edited)");
    expect(stillThere.tasks.map((t) => t.title)).toEqual(["Patch PHP on the web server"]);
  });

  it("deletes a task with its finding links, keeps the findings, and audits it", async () => {
    const links = await app.ctx.db.selectFrom("ctem_task_findings").select("finding_id").where("task_id", "=", taskId).execute();
    expect(links).toHaveLength(2);
    const url = `/api/v1/ctem/scopes/${editId}/tasks/${taskId}`;
    const response = await editor.request({ method: "DELETE", url });
    expect(response.statusCode, response.body).toBe(204);
    expect(await app.ctx.db.selectFrom("ctem_tasks").select("id").where("id", "=", taskId).execute()).toEqual([]);
    expect(await app.ctx.db.selectFrom("ctem_task_findings").select("task_id").where("task_id", "=", taskId).execute()).toEqual(
      [],
    );
    const findings = await app.ctx.db
      .selectFrom("findings")
      .select("id")
      .where(
        "id",
        "in",
        links.map((l) => l.finding_id),
      )
      .execute();
    expect(findings).toHaveLength(2);
    const [entry] = await audit("ctem.task_deleted");
    expect(entry).toMatchObject({ scopeId: editId, taskId, title: "Patch PHP on the web server", findings: 2 });
    expect((await editor.request({ method: "DELETE", url })).statusCode).toBe(404);
    expect(((await editor.get(`/api/v1/ctem/scopes/${editId}`)).json() as CtemScopeDetail).tasks).toEqual([]);
  });

  it("deletes a scope with its tasks, links and snapshots in one go; validations and other scopes stay", async () => {
    const first = await createTaskIn(editId, "First");
    const second = await createTaskIn(editId, "Second");
    const validationsBefore = await app.ctx.db
      .selectFrom("ctem_validations")
      .select("exposure_key")
      .where("tenant_id", "=", tenantId)
      .execute();
    expect(validationsBefore.length).toBeGreaterThan(0);
    const rows = async (table: "ctem_tasks" | "ctem_scope_snapshots") =>
      (await app.ctx.db.selectFrom(table).select("tenant_id").where("scope_id", "=", editId).execute()).length;
    expect(await rows("ctem_tasks")).toBe(2);
    expect(await rows("ctem_scope_snapshots")).toBeGreaterThan(0);

    const response = await editor.request({ method: "DELETE", url: `/api/v1/ctem/scopes/${editId}` });
    expect(response.statusCode, response.body).toBe(204);
    expect(await rows("ctem_tasks")).toBe(0);
    expect(await rows("ctem_scope_snapshots")).toBe(0);
    expect(
      await app.ctx.db.selectFrom("ctem_task_findings").select("task_id").where("task_id", "in", [first.id, second.id]).execute(),
    ).toEqual([]);
    expect((await editor.get(`/api/v1/ctem/scopes/${editId}`)).statusCode).toBe(404);
    // Validations belong to exposures, which other scopes (the first one here) still show.
    const validationsAfter = await app.ctx.db
      .selectFrom("ctem_validations")
      .select("exposure_key")
      .where("tenant_id", "=", tenantId)
      .execute();
    expect(validationsAfter).toEqual(validationsBefore);
    expect((await editor.get(`/api/v1/ctem/scopes/${scopeId}`)).statusCode).toBe(200);
    const [entry] = await audit("ctem.scope_deleted");
    expect(entry).toMatchObject({ scopeId: editId, name: "Web shop (edited)", tasks: 2, businessImpact: "High" });
    expect((await editor.request({ method: "DELETE", url: `/api/v1/ctem/scopes/${editId}` })).statusCode).toBe(404);
  });
});
