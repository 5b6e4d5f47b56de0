import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";

let app: TestApp;
let analyst: TestClient;
let other: TestClient;
let tenantId: string;
let otherTenantId: string;

type Item = {
  id: string;
  kind: string;
  value: string;
  confidence: string;
  techniques: string[];
  sightings: number;
  watched: { kind: string; value: string };
  lastEvidence: { source: string; alertId: string | null; detail: string };
};
const findings = async (tenant = tenantId, client = analyst) =>
  ((await client.get(`/api/v1/drp/findings?tenantId=${tenant}&limit=200`)).json() as { items: Item[] }).items;
const upload = (client: TestClient, tenant: string, feed: string, body: string) =>
  client.request({
    method: "POST",
    url: `/api/v1/drp/imports?tenantId=${tenant}&feed=${feed}`,
    payload: body,
    headers: { "content-type": "text/plain" },
  });
const alert = async (client: TestClient, tenant: string, sourceId: string, description: string, ageDays: number) => {
  const response = await client.post(`/api/v1/alerts?tenantId=${tenant}`, {
    source: "proxy",
    sourceId,
    name: `Proxy alert ${sourceId}`,
    priority: "High",
    description,
    detectedAt: new Date(app.clock.now - ageDays * 86_400_000).toISOString(),
  });
  expect(response.statusCode).toBeLessThan(300);
  return response.json().id as string;
};
const watch = (client: TestClient, tenant: string, kind: string, value: string) =>
  client.post("/api/v1/drp/watched", { tenantId: tenant, kind, value });

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, undefined, ["drp"])).id;
  otherTenantId = (await makeTenant(app, undefined, ["drp"])).id;
  analyst = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
  other = (await signedInClient(app, [{ tenantId: otherTenantId, role: "analyst" }])).client;
  expect((await watch(analyst, tenantId, "brand", "Acme Bank")).statusCode).toBe(201);
  expect((await watch(other, otherTenantId, "brand", "Globex")).statusCode).toBe(201);
  // Known to this tenant only because they carried its brand: a certificate for a host of
  // exarnple.com, a newly registered domain with an executive's name in it.
  expect((await upload(analyst, tenantId, "cert-transparency", '{"name_value": "acmebank.exarnple.com"}')).statusCode).toBe(200);
  expect((await upload(analyst, tenantId, "newly-registered", "acmebank-jane-doe.com\n")).statusCode).toBe(200);
  // The other tenant has seen look-alikes and the name too: never this tenant's findings.
  expect((await upload(other, otherTenantId, "newly-registered", "globex.exmple.com\nglobex-jane-doe.net\n")).statusCode).toBe(
    200,
  );
  await alert(other, otherTenantId, "other-1", "visited https://example-login.com and doe-jane-login.org", 1);
  await alert(analyst, tenantId, "mine-1", "user clicked https://secure-example.com/pay and doe-jane-login.net", 2);
  await alert(analyst, tenantId, "mine-old", "examp1e.com and jane-doe-verify.net, 40 days ago", 40);
});
afterAll(() => app.close());

describe("the matching pass run when a watched asset is added (issue 18)", () => {
  it("adding a domain finds a look-alike already imported and a recent alert's host, without a scan", async () => {
    const added = await watch(analyst, tenantId, "domain", "example.com");
    expect(added.statusCode).toBe(201);
    // exarnple.com (known from the certificate) and secure-example.com (alert of 2 days); the 40-day-old alert is not read.
    expect(added.json()).toMatchObject({
      value: "example.com",
      match: { created: 2, updated: 0, highConfidence: 2, alertsScanned: 1, refused: null },
    });
    expect(added.json().match.knownHosts).toBeGreaterThanOrEqual(2);
    const items = (await findings()).filter((f) => f.watched.kind === "domain");
    expect(items.map((f) => f.value).sort()).toEqual(["exarnple.com", "secure-example.com"]);
    const lookalike = items.find((f) => f.value === "exarnple.com");
    expect(lookalike).toMatchObject({ kind: "lookalike-domain", techniques: ["homoglyph"], confidence: "high", sightings: 1 });
    expect(lookalike?.lastEvidence.source).toBe("cert-transparency");
    expect(lookalike?.lastEvidence.detail).toMatch(/^acmebank\.exarnple\.com .*matched when domain "example\.com" was added$/);
    expect(items.find((f) => f.value === "secure-example.com")?.lastEvidence.source).toBe("alerts");
  });

  it("adding an executive finds the domains containing the name, known and in alerts", async () => {
    const added = await watch(analyst, tenantId, "executive", "Jane  Doe");
    expect(added.statusCode).toBe(201);
    expect(added.json().match).toMatchObject({ created: 2, updated: 0, highConfidence: 1, alertsScanned: 1 });
    const items = (await findings()).filter((f) => f.kind === "executive-in-domain");
    expect(items.map((f) => [f.value, f.techniques, f.confidence]).sort()).toEqual([
      ["acmebank-jane-doe.com", ["full-name"], "low"],
      ["doe-jane-login.net", ["reversed-name", "phishing-word"], "high"],
    ]);
    const filtered = (await analyst.get(`/api/v1/drp/findings?tenantId=${tenantId}&kind=executive-in-domain`)).json()
      .items as Item[];
    expect(filtered).toHaveLength(2);
  });

  it("never matches another tenant's imports or alerts", async () => {
    const values = (await findings()).map((f) => f.value);
    for (const foreign of ["exmple.com", "globex-jane-doe.net", "example-login.com", "doe-jane-login.org"])
      expect(values).not.toContain(foreign);
    // The other tenant's own findings are unchanged by this tenant's adds.
    expect((await findings(otherTenantId, other)).map((f) => f.kind).sort()).toEqual(["brand-in-domain", "brand-in-domain"]);
  });

  it("re-adding or re-scanning moves last seen and never duplicates", async () => {
    const before = await findings();
    const watched = (await analyst.get("/api/v1/drp/watched")).json().items as { id: string; value: string }[];
    const domain = watched.find((w) => w.value === "example.com");
    expect((await watch(analyst, tenantId, "domain", "example.com")).statusCode).toBe(409);
    expect((await analyst.delete(`/api/v1/drp/watched/${domain?.id}`)).statusCode).toBe(200);
    app.clock.now += 60_000;
    const again = await watch(analyst, tenantId, "domain", "example.com");
    expect(again.json().match).toMatchObject({ created: 0, updated: 2, highConfidence: 0 });
    const scan = await analyst.post("/api/v1/drp/scan-alerts", { tenantId, days: 30 });
    expect(scan.json()).toMatchObject({ created: 0 });
    const after = await findings();
    expect(after.length).toBe(before.length);
    expect(new Set(after.map((f) => `${f.kind}|${f.value}|${f.watched.value}`)).size).toBe(after.length);
    expect(after.find((f) => f.value === "exarnple.com" && f.kind === "lookalike-domain")?.sightings).toBe(2);
  });

  it("audits each add with what its pass found", async () => {
    const rows = await app.ctx.db
      .selectFrom("audit_log")
      .select(["event", "tenant_id", "details"])
      .where("event", "=", "drp.watched_asset_added")
      .where("tenant_id", "=", tenantId)
      .execute();
    const details = rows.map((r) => JSON.parse(String(r.details)) as { value: string; created: number; alertsScanned: number });
    expect(details.map((d) => [d.value, d.created])).toEqual(
      expect.arrayContaining([
        ["example.com", 2],
        ["Jane Doe", 2],
        ["example.com", 0],
      ]),
    );
  });
});
