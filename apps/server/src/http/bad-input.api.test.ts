import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, makeUser, signedInClient } from "../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../test/test-server";

/**
 * Issue 13, findings 6 and 7: inputs that answered 500. Each must be a 400 naming the field, or,
 * in batches and files, a rejection of that item or row only; on SQLite and PostgreSQL alike.
 */
let app: TestApp;
let client: TestClient;
let tenantId: string;
let alertId: string;

beforeAll(async () => {
  app = await createTestApp();
  const tenant = await makeTenant(app);
  tenantId = tenant.id;
  ({ client } = await signedInClient(app, [{ tenantId, role: "owner" }]));
  alertId = (
    await client.post(`/api/v1/alerts?tenantId=${tenantId}`, { source: "probe", sourceId: "base", name: "Base", priority: "Low" })
  ).json().id;
});
afterAll(() => app.close());

const fieldOf = (body: string) => (JSON.parse(body) as { details?: { path: string }[] }).details?.[0]?.path;
const nested = (n: number) => `${"[".repeat(n)}1${"]".repeat(n)}`;

describe("finding 7: other 500s", () => {
  it("refuses an empty tenant change", async () => {
    const response = await client.patch(`/api/v1/tenants/${tenantId}`, {});
    expect(response.statusCode).toBe(400);
    expect(fieldOf(response.body)).toBe("name");
  });

  it("refuses an empty user id as assignee or owner", async () => {
    const assign = await client.post(`/api/v1/alerts/${alertId}/assign`, { assigneeUserId: "" });
    expect(assign.statusCode).toBe(400);
    expect(fieldOf(assign.body)).toBe("assigneeUserId");
    const incident = await client.post("/api/v1/incidents", { tenantId, title: "x", priority: "Low", ownerUserId: "" });
    expect(incident.statusCode).toBe(400);
    expect(fieldOf(incident.body)).toBe("ownerUserId");
    // Null still means nobody, and a real member still works.
    expect((await client.post(`/api/v1/alerts/${alertId}/assign`, { assigneeUserId: null })).statusCode).toBe(200);
    const analyst = await makeUser(app, [{ tenantId, role: "analyst" }]);
    expect((await client.post(`/api/v1/alerts/${alertId}/assign`, { assigneeUserId: analyst.id })).statusCode).toBe(200);
  });

  it("refuses JSON nested 20,000 deep in every import, naming the file", async () => {
    // Findings name their format: detection would refuse the file before it is read.
    for (const kind of ["alerts", "assets", "findings"]) {
      const response = await client.request({
        method: "POST",
        url: `/api/v1/imports/${kind}?tenantId=${tenantId}${kind === "findings" ? "&format=trivy" : ""}`,
        payload:
          kind === "findings"
            ? `{"SchemaVersion":2,"Results":[{"Target":"img","Vulnerabilities":[{"VulnerabilityID":"CVE-2024-0001","PkgName":"p","Severity":"HIGH","Extra":${nested(20_000)}}]}]}`
            : `{"a":${nested(20_000)}}`,
        headers: { "content-type": "application/json" },
      });
      // 400 for a parsed JSON body, 422 where the importer reads the file itself and rejects it whole.
      expect([400, 422], kind).toContain(response.statusCode);
      expect(response.body, kind).toContain("deeper");
    }
  });
});

describe("finding 6: NUL characters", () => {
  it("rejects only the bad item of a bulk post, JSON or NDJSON, naming the field", async () => {
    const json = await client.post(`/api/v1/alerts/bulk?tenantId=${tenantId}`, [
      { source: "nul", sourceId: "1", name: "fine", priority: "Low" },
      { source: "nul", sourceId: "2", name: "b\u0000d", priority: "Low" },
    ]);
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ created: 1, rejected: [{ index: 1, problems: [{ path: "name" }] }] });
    const ndjson = await client.request({
      method: "POST",
      url: `/api/v1/alerts/bulk?tenantId=${tenantId}`,
      payload:
        '{"source":"nul","sourceId":"3","name":"fine","priority":"Low"}\n{"source":"nul","sourceId":"4","name":"ok","priority":"Low","raw":{"note":"x\\u0000"}}\n',
      headers: { "content-type": "application/x-ndjson" },
    });
    expect(ndjson.json()).toMatchObject({ created: 1, rejected: [{ index: 1, problems: [{ path: "raw.note" }] }] });
  });

  it("finds a NUL escape in a big NDJSON body (validated in chunks off the main thread), and not a literal backslash-u", async () => {
    // 3,000 lines of ~200 bytes: over the size that goes to the ingest worker, and several chunks.
    const pad = "x".repeat(120);
    const lines = Array.from(
      { length: 3000 },
      (_, i) => `{"source":"nul-big","sourceId":"${i}","name":"alert ${i}","priority":"Low","description":"${pad}"}`,
    );
    lines[2500] = `{"source":"nul-big","sourceId":"2500","name":"bad","priority":"Low","raw":{"k":["a","b\\u0000"]}}`;
    lines[2600] = `{"source":"nul-big","sourceId":"2600","name":"a\\\\u0000 literal","priority":"Low"}`;
    const payload = `${lines.join("\n")}\n`;
    expect(payload.length).toBeGreaterThan(256 * 1024);
    // A tenant of its own: the export test below counts this file's tenant's alerts.
    const big = await makeTenant(app);
    const { client } = await signedInClient(app, [{ tenantId: big.id, role: "owner" }]);
    const response = await client.request({
      method: "POST",
      url: `/api/v1/alerts/bulk?tenantId=${big.id}`,
      payload,
      headers: { "content-type": "application/x-ndjson" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ created: 2999, rejected: [{ index: 2500, problems: [{ path: "raw.k.1" }] }] });
    const literal = (await client.get(`/api/v1/alerts?tenantId=${big.id}&q=literal`)).json().items;
    expect(literal.map((a: { name: string }) => a.name)).toEqual(["a\\u0000 literal"]);
  });

  it("rejects only the bad row of a CSV import and keeps it in quarantine", async () => {
    const csv = "id,name,priority,status\nN-1,fine,High,Open\nN-2,bad\u0000name,Low,Open\n";
    const response = await client.request({
      method: "POST",
      url: `/api/v1/imports/alerts?tenantId=${tenantId}&format=sample-csv`,
      payload: csv,
      headers: { "content-type": "text/csv" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      created: 1,
      rejectedCount: 1,
      rejected: [{ row: 3, problems: [{ field: "name" }] }],
    });
    const quarantined = (await client.get("/api/v1/quarantine")).json().items;
    expect(quarantined.some((q: { raw: string }) => q.raw.includes("bad\uFFFDname"))).toBe(true);
  });

  it("answers 400 for NUL in a search, a path id or a single alert, and exports whole", async () => {
    const search = await client.get("/api/v1/alerts?q=%00");
    expect(search.statusCode).toBe(400);
    expect(fieldOf(search.body)).toBe("query.q");
    const path = await client.get("/api/v1/alerts/ab%00cd");
    expect(path.statusCode).toBe(400);
    expect(fieldOf(path.body)).toBe("params.alertId");
    const single = await client.post(`/api/v1/alerts?tenantId=${tenantId}`, {
      source: "nul",
      sourceId: "9",
      name: "a\u0000",
      priority: "Low",
    });
    expect(single.statusCode).toBe(400);
    expect(fieldOf(single.body)).toBe("name");
    const csv = await client.get("/api/v1/alerts/export.csv");
    expect(csv.statusCode).toBe(200);
    // Header plus every alert of the tenant, nothing cut off.
    const total = (await client.get("/api/v1/alerts?view=all&limit=200")).json().items.length;
    expect(csv.body.trim().split("\n").length).toBe(total + 1);
  });
});
