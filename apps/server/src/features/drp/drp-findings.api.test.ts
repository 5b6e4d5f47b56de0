import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

let app: TestApp;
let analyst: TestClient;
let owner: TestClient;
let tenantId: string;

const upload = (client: TestClient, feed: string, body: string, type = "text/plain", tenant = tenantId) =>
  client.request({
    method: "POST",
    url: `/api/v1/drp/imports?tenantId=${tenant}&feed=${feed}&filename=${feed}.txt`,
    payload: body,
    headers: { "content-type": type },
  });
type Item = {
  id: string;
  kind: string;
  value: string;
  status: string;
  confidence: string;
  techniques: string[];
  sightings: number;
  firstSeen: string;
  lastSeen: string;
  lastEvidence: { line: number | null; source: string; alertId: string | null; detail: string };
};
const findings = async (client: TestClient, query = "") =>
  (await client.get(`/api/v1/drp/findings?tenantId=${tenantId}${query}`)).json() as { items: Item[]; nextCursor: string | null };

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, undefined, ["drp"])).id;
  analyst = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
  owner = (await signedInClient(app, [{ tenantId, role: "owner" }])).client;
  for (const [kind, value] of [
    ["domain", "example.com"],
    ["email-domain", "corp.example"],
    ["brand", "Acme Bank"],
  ])
    expect((await analyst.post("/api/v1/drp/watched", { tenantId, kind, value })).statusCode).toBe(201);
});
afterAll(() => app.close());

describe("DRP feeds and findings (issue 18)", () => {
  it("imports newly registered domains: look-alikes and brands become findings, every rejected line listed", async () => {
    const lines = [
      "# whoisds",
      "",
      "exarnple.com",
      "exmple.com",
      "exmple.net",
      "acme-bank-login.net",
      "unrelated.org",
      "not a domain!",
      "example.com",
    ];
    const response = await upload(analyst, "newly-registered", lines.join("\n"));
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      feed: "newly-registered",
      rowsRead: 7,
      created: 3,
      updated: 0,
      highConfidence: 2,
      rejectedCount: 1,
    });
    expect(report.rejected).toEqual([{ row: 8, problems: [{ field: "domain", reason: "is not a domain name" }] }]);
    expect(report.skipped).toEqual([{ reason: "matches no watched asset", count: 3 }]);
    const { items } = await findings(analyst);
    expect(items.map((i) => i.value).sort()).toEqual(["acme-bank-login.net", "exarnple.com", "exmple.com"]);
    const byValue = Object.fromEntries(items.map((i) => [i.value, i]));
    expect(byValue["exarnple.com"]).toMatchObject({
      kind: "lookalike-domain",
      techniques: ["homoglyph"],
      confidence: "high",
      status: "new",
    });
    expect(byValue["exarnple.com"]?.lastEvidence).toMatchObject({ source: "newly-registered", line: 3, detail: "exarnple.com" });
    expect(byValue["exmple.com"]).toMatchObject({ techniques: ["omission"], confidence: "medium" });
    expect(byValue["acme-bank-login.net"]).toMatchObject({ kind: "brand-in-domain", confidence: "high" });
    // One notification, summarising the import, to the owner (not to the analyst).
    const notes = (await owner.get("/api/v1/notifications")).json().items as { kind: string; message: string; link: string }[];
    const drp = notes.filter((n) => n.kind === "drp_high_confidence");
    expect(drp).toHaveLength(1);
    expect(drp[0]?.message).toMatch(/^2 new high-confidence DRP findings from the newly registered domains feed: /);
    expect(drp[0]?.link).toBe("/drp?confidence=high&status=new");
    const analystNotes = (await analyst.get("/api/v1/notifications")).json().items as { kind: string }[];
    expect(analystNotes.filter((n) => n.kind === "drp_high_confidence")).toHaveLength(0);
  });

  it("a certificate-transparency import of a known look-alike moves its last seen, never duplicates it", async () => {
    const before = (await findings(analyst)).items.find((i) => i.value === "exarnple.com");
    app.clock.now += 60_000;
    const ct = [
      JSON.stringify({
        name_value: "login.exarnple.com\n*.exarnple.com",
        issuer_name: "C=US, O=Let's Encrypt",
        not_before: "2026-11-20T00:00:00",
      }),
      JSON.stringify({ dns_names: ["examp1e.com"] }),
      JSON.stringify({ serial: "no names" }),
    ].join("\n");
    const report = (await upload(analyst, "cert-transparency", ct, "application/x-ndjson")).json();
    expect(report).toMatchObject({ rowsRead: 3, created: 1, updated: 1, rejectedCount: 1 });
    expect(report.rejected[0]).toMatchObject({ row: 3, problems: [{ field: "names" }] });
    const { items } = await findings(analyst);
    expect(items.filter((i) => i.value === "exarnple.com")).toHaveLength(1);
    const again = items.find((i) => i.value === "exarnple.com");
    expect(again?.firstSeen).toBe(before?.firstSeen);
    expect(Date.parse(again?.lastSeen ?? "")).toBe(Date.parse(before?.lastSeen ?? "") + 60_000);
    expect(again?.sightings).toBe(2);
    expect(again?.lastEvidence).toMatchObject({ source: "cert-transparency", line: 1 });
    expect(again?.lastEvidence.detail).toContain("Let's Encrypt");
    // Seen in a certificate: a homoglyph stays high, "examp1e" (l→1) is a homoglyph too.
    expect(items.find((i) => i.value === "examp1e.com")).toMatchObject({ confidence: "high", techniques: ["homoglyph"] });
    // Most recently seen first.
    expect(items[0]?.lastSeen).toBe(again?.lastSeen);
  });

  it("reads DNS and proxy logs: a domain someone looked up or visited is in use, one confidence step up", async () => {
    const dns = [
      "#separator \\x09",
      "#fields\tts\tuid\tid.orig_h\tid.orig_p\tquery\tqtype_name",
      "1732612800.1\tC1\t10.0.0.5\t53211\texampel.com\tA",
      "1732612800.2\tC2\t10.0.0.6\t53212\twww.example.com\tA",
      "1732612800.3\tC3\t10.0.0.7\t53213\t-\tA",
    ].join("\n");
    const report = (await upload(analyst, "dns-log", dns)).json();
    expect(report).toMatchObject({ feed: "dns-log", rowsRead: 3, created: 1, rejectedCount: 1 });
    const looked = (await findings(analyst)).items.find((i) => i.value === "exampel.com");
    // A transposition is medium from a registration feed; looked up from inside the tenant: high.
    expect(looked).toMatchObject({ kind: "lookalike-domain", techniques: ["transposition"], confidence: "high" });
    expect(looked?.lastEvidence).toMatchObject({ source: "dns-log", line: 3, detail: "exampel.com (DNS query by 10.0.0.5)" });

    const squid = [
      "1732612800.123    245 10.0.0.8 TCP_TUNNEL/200 5012 CONNECT acme-bank.net:443 - HIER_DIRECT/203.0.113.9 -",
      "1732612801.456     12 10.0.0.9 TCP_MISS/200 1830 GET http://exmple.com/ - HIER_DIRECT/198.51.100.2 text/html",
    ].join("\n");
    const proxy = (await upload(analyst, "proxy-log", squid)).json();
    expect(proxy).toMatchObject({ feed: "proxy-log", rowsRead: 2, created: 1, updated: 1, rejectedCount: 0 });
    const { items } = await findings(analyst);
    expect(items.find((i) => i.value === "acme-bank.net")).toMatchObject({ kind: "brand-in-domain", confidence: "high" });
    expect(items.find((i) => i.value === "exmple.com")?.lastEvidence).toMatchObject({
      source: "proxy-log",
      detail: "exmple.com (GET by 10.0.0.9, Squid)",
    });
  });

  it("keeps leaked addresses of watched domains only, and never a password", async () => {
    const csv = [
      "email,password,source,date",
      "ceo@corp.example,Tr0ub4dor&3-secret,combo-2026,2026-11-01",
      "dev@eu.corp.example,,paste,2024-01-01",
      "someone@elsewhere.example,hunter2-secret,combo-2026,2026-11-01",
      "broken-address,another-secret,combo-2026,2026-11-01",
    ].join("\n");
    const report = (await upload(analyst, "leaked-credentials", csv, "text/csv")).json();
    expect(report).toMatchObject({ rowsRead: 4, created: 2, rejectedCount: 1 });
    expect(report.skipped).toEqual([{ reason: "address of a domain this tenant does not watch", count: 1 }]);
    expect(report.rejected).toEqual([{ row: 5, problems: [{ field: "email", reason: "is not an e-mail address" }] }]);
    const leaks = (await findings(analyst, "&kind=leaked-credential")).items;
    expect(Object.fromEntries(leaks.map((l) => [l.value, l.confidence]))).toEqual({
      "ceo@corp.example": "high",
      "dev@eu.corp.example": "low",
    });
    const json = JSON.stringify([
      { email: "cfo@corp.example", password_hash: "5f4dcc3b5aa765d61d8327deb882cf99", breach: "dump" },
    ]);
    expect((await upload(analyst, "leaked-credentials", json, "application/json")).json()).toMatchObject({ created: 1 });
    // No password text anywhere in the database: every table, read whole.
    const tables = (await app.ctx.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(["drp_findings", "quarantine", "import_runs", "audit_log"]));
    const rows = await Promise.all(
      tables.map((t) =>
        app.ctx.db
          .selectFrom(t as "drp_findings")
          .selectAll()
          .execute(),
      ),
    );
    const dump = JSON.stringify(rows, (_k, v) => (typeof v === "bigint" ? String(v) : v));
    expect(dump).toContain("ceo@corp.example");
    for (const secret of ["Tr0ub4dor", "hunter2-secret", "another-secret", "5f4dcc3b5aa765d61d8327deb882cf99"])
      expect(dump).not.toContain(secret);
  });

  it("refuses a whole file it cannot read, storing nothing", async () => {
    const count = async () => (await app.ctx.db.selectFrom("drp_findings").select("id").execute()).length;
    const runs = async () => (await app.ctx.db.selectFrom("import_runs").select("id").execute()).length;
    const [f, r] = [await count(), await runs()];
    const noHeader = await upload(analyst, "leaked-credentials", "ceo@corp.example,pw\nexarnple.com,x\n", "text/csv");
    expect(noHeader.statusCode).toBe(422);
    const broken = await upload(analyst, "cert-transparency", '[{"name_value": "exarnp1e.com"}', "text/plain");
    expect(broken.statusCode).toBe(422);
    expect([await count(), await runs()]).toEqual([f, r]);
  });

  it("matches host names in the tenant's recent alerts", async () => {
    const alert = await analyst.post(`/api/v1/alerts?tenantId=${tenantId}`, {
      source: "proxy",
      sourceId: "drp-1",
      name: "Blocked download from https://secure-example.com/invoice.zip",
      priority: "High",
      hostname: "exampIe.com",
      description: "user clicked http://exarnple.com/login and mail.corp.example",
      detectedAt: new Date(app.clock.now - 60_000).toISOString(),
    });
    expect(alert.statusCode).toBeLessThan(300);
    const scan = await analyst.post("/api/v1/drp/scan-alerts", { tenantId, days: 7 });
    expect(scan.statusCode).toBe(200);
    // exampIe.com (capital i) is read as exampie.com, an l/i homoglyph; mail.corp.example is the tenant's own.
    expect(scan.json()).toMatchObject({ alertsScanned: 1, hostsSeen: 4, created: 2, updated: 1, highConfidence: 2 });
    const items = (await findings(analyst)).items;
    const fromAlert = items.find((i) => i.value === "secure-example.com");
    expect(fromAlert).toMatchObject({ kind: "lookalike-domain", techniques: ["added-word"], confidence: "high" });
    expect(fromAlert?.lastEvidence).toMatchObject({ source: "alerts", alertId: alert.json().id });
    expect(items.find((i) => i.value === "exampie.com")).toMatchObject({ techniques: ["homoglyph"] });
    expect(items.find((i) => i.value === "exarnple.com")?.lastEvidence.source).toBe("alerts");
  });

  it("moves findings along the workflow: analysts change, viewers read, who and when recorded", async () => {
    const target = (await findings(analyst, "&kind=lookalike-domain&confidence=high")).items.find(
      (i) => i.value === "exarnple.com",
    );
    expect(target?.status).toBe("new");
    const { client: viewer } = await signedInClient(app, [{ tenantId, role: "viewer" }]);
    expect((await viewer.get(`/api/v1/drp/findings?tenantId=${tenantId}`)).statusCode).toBe(200);
    expect((await viewer.post(`/api/v1/drp/findings/${target?.id}/status`, { status: "investigating" })).statusCode).toBe(403);
    const moved = await analyst.post(`/api/v1/drp/findings/${target?.id}/status`, {
      status: "takedown-requested",
      note: "sent to registrar",
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: "takedown-requested", statusNote: "sent to registrar" });
    expect(moved.json().statusChangedBy).toBeTruthy();
    const skip = await analyst.post(`/api/v1/drp/findings/${target?.id}/status`, { status: "new" });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().details[0].path).toBe("status");
    expect((await analyst.post(`/api/v1/drp/findings/${target?.id}/status`, { status: "taken-down" })).statusCode).toBe(200);
    expect((await findings(analyst, "&status=taken-down")).items.map((i) => i.id)).toEqual([target?.id]);
    // A re-import does not reopen it.
    await upload(analyst, "newly-registered", "exarnple.com\n");
    expect((await findings(analyst, "&status=taken-down")).items.map((i) => i.id)).toEqual([target?.id]);
    const audit = (await owner.get("/api/v1/audit")).json().items as { event: string; details: Record<string, unknown> }[];
    const moves = audit.filter((a) => a.event === "drp.finding_status_changed");
    expect(moves.map((a) => a.details.to)).toEqual(expect.arrayContaining(["takedown-requested", "taken-down"]));
    expect((await analyst.post("/api/v1/drp/findings/no-such-finding/status", { status: "benign" })).statusCode).toBe(404);
  });

  it("pages with a cursor and keeps tenants without DRP out", async () => {
    const first = await findings(analyst, "&limit=2");
    expect(first.items).toHaveLength(2);
    const second = await findings(analyst, `&limit=2&cursor=${first.nextCursor}`);
    const all = (await findings(analyst)).items.map((i) => i.id);
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(all.slice(0, 4));
    expect((await analyst.get(`/api/v1/drp/findings?cursor=garbage`)).statusCode).toBe(400);
    // A second DRP tenant: a person in both sees both, or one with the tenant filter.
    const other = (await makeTenant(app, undefined, ["drp"])).id;
    const { client: both } = await signedInClient(app, [
      { tenantId, role: "analyst" },
      { tenantId: other, role: "analyst" },
    ]);
    await both.post("/api/v1/drp/watched", { tenantId: other, kind: "domain", value: "example.com" });
    expect((await upload(both, "newly-registered", "exarnple.com\n", "text/plain", other)).json()).toMatchObject({ created: 1 });
    const everyone = (await both.get("/api/v1/drp/findings?limit=200")).json().items as Item[];
    expect(new Set(everyone.map((i) => (i as Item & { tenantId: string }).tenantId))).toEqual(new Set([tenantId, other]));
    const onlyOther = (await both.get(`/api/v1/drp/findings?tenantId=${other}`)).json().items as (Item & { tenantId: string })[];
    expect(onlyOther.map((i) => [i.tenantId, i.value])).toEqual([[other, "exarnple.com"]]);
    expect((await findings(analyst)).items.every((i) => (i as Item & { tenantId: string }).tenantId === tenantId)).toBe(true);
    const plain = (await makeTenant(app)).id;
    const { client } = await signedInClient(app, [{ tenantId: plain, role: "owner" }]);
    const refused = await client.get("/api/v1/drp/findings");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("MODULE_NOT_ENABLED");
    expect((await upload(client, "newly-registered", "exarnple.com\n", "text/plain", plain)).statusCode).toBe(403);
  });
  it("refuses a feed that would make more than 50,000 findings, and a 201st watched asset", async () => {
    const other = (await makeTenant(app, undefined, ["drp"])).id;
    const admin = (await signedInClient(app, [{ tenantId: other, role: "admin" }])).client;
    expect((await admin.post("/api/v1/drp/watched", { tenantId: other, kind: "brand", value: "acme" })).statusCode).toBe(201);
    const noise = Array.from({ length: 50_001 }, (_, i) => `acme${i}x.com`).join("\n");
    const refused = await upload(admin, "newly-registered", noise, "text/plain", other);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain("more than 50,000 distinct findings");
    expect((await admin.get(`/api/v1/drp/findings?tenantId=${other}`)).json().items).toEqual([]);
    for (let i = 1; i < 200; i++)
      expect(
        (await admin.post("/api/v1/drp/watched", { tenantId: other, kind: "domain", value: `brand${i}.example` })).statusCode,
      ).toBe(201);
    const tooMany = await admin.post("/api/v1/drp/watched", { tenantId: other, kind: "domain", value: "one-more.example" });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details[0]).toMatchObject({ path: "tenantId" });
  }, 120_000);
});
