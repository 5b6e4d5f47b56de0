import type { MapPoint, MapPoints } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { days, hours } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";
import { assetsByIdentity } from "./map.repository";

let app: TestApp;
let tenantA: string;
let tenantB: string;
let analystA: TestClient;
let now: number;
let keyNumber = 0;

const iso = (ms: number) => new Date(ms).toISOString();
const window = () => `from=${encodeURIComponent(iso(now - days(7)))}&to=${encodeURIComponent(iso(now + 1))}`;

/** An asset straight into the inventory tables, with its identities (the assets API is another feature's). */
async function asset(
  tenantId: string,
  name: string,
  where: { site?: string | null; env?: string | null; lat: number | null; lng: number | null },
  identities: [kind: string, value: string][],
) {
  const id = newId();
  const at = app.ctx.now();
  await app.ctx.db
    .insertInto("assets")
    .values({
      id,
      tenant_id: tenantId,
      asset_key: `ASSET-${String(++keyNumber).padStart(4, "0")}`,
      name,
      type: "Server",
      department: null,
      business_impact: null,
      client_environment: where.env ?? null,
      site: where.site ?? null,
      latitude: where.lat,
      longitude: where.lng,
      owner: null,
      internet_facing: 0,
      created_at: at,
      updated_at: at,
      first_seen: at,
      last_seen: at,
    })
    .execute();
  await app.ctx.db
    .insertInto("asset_identities")
    .values(identities.map(([kind, value]) => ({ tenant_id: tenantId, asset_id: id, kind, value })))
    .execute();
}

/** An incident from one new alert per body, opened by `client` in `tenantId`; returns its id. */
async function incident(
  client: TestClient,
  tenantId: string,
  title: string,
  alerts: Record<string, unknown>[],
  rootCause?: string,
) {
  const alertIds: string[] = [];
  for (const body of alerts) {
    const response = await client.post(`/api/v1/alerts?tenantId=${tenantId}`, {
      source: "map-test",
      sourceId: newId(),
      name: `${title} alert`,
      priority: "High",
      detectedAt: iso(app.ctx.now() - hours(1)),
      ...body,
    });
    expect(response.statusCode).toBe(201);
    alertIds.push(response.json().id);
  }
  const created = await client.post("/api/v1/incidents", { tenantId, title, priority: "High", alertIds });
  expect(created.statusCode).toBe(201);
  const id = created.json().incident.id as string;
  if (rootCause) expect((await client.patch(`/api/v1/incidents/${id}`, { rootCause })).statusCode).toBe(200);
  return id;
}

const byName = (body: MapPoints) => new Map(body.points.map((p: MapPoint) => [p.name, p]));
const titles = (p: MapPoint | undefined) => p?.incidents.map((i) => i.title).sort();

beforeAll(async () => {
  app = await createTestApp();
  now = app.clock.now;
  tenantA = (await makeTenant(app, "Map A")).id;
  tenantB = (await makeTenant(app, "Map B")).id;
  analystA = (await signedInClient(app, [{ tenantId: tenantA, role: "analyst" }])).client;
  const { client: analystB } = await signedInClient(app, [{ tenantId: tenantB, role: "analyst" }]);

  await asset(tenantA, "srv-db-01", { site: "Frankfurt DC", env: "On-premise", lat: 50.1109, lng: 8.6821 }, [
    ["hostname", "srv-db-01"],
    ["fqdn", "srv-db-01.corp.example"],
  ]);
  await asset(tenantA, "vm-web-7", { site: "AWS eu-west-1", env: "Cloud", lat: 53.35, lng: -6.26 }, [["ip", "10.20.0.7"]]);
  await asset(tenantA, "ws-hr-12", { site: "London office", env: null, lat: 51.5072, lng: -0.1276 }, [["hostname", "ws-hr-12"]]);
  await asset(tenantA, "laptop-9", { lat: null, lng: null }, [["hostname", "laptop-9"]]);
  await asset(tenantA, "vpn-gw", { site: "Paris DC", env: "Hybrid", lat: 48.8566, lng: 2.3522 }, [
    ["hostname", "vpn-gw"],
    ["ip", "185.12.64.1"],
  ]);
  // Tenant B names a host exactly like A's database server: it must never place A's incidents.
  await asset(tenantB, "srv-db-01", { site: "New York DC", env: "On-premise", lat: 40.7128, lng: -74.006 }, [
    ["hostname", "srv-db-01"],
  ]);

  await incident(analystA, tenantA, "DB server", [{ hostname: "SRV-DB-01.corp.example", srcIp: "10.1.1.1" }]);
  await incident(analystA, tenantA, "From Russia", [{ hostname: "unknown-host", srcIp: "77.88.8.8" }]);
  await incident(analystA, tenantA, "From Brazil over v6", [{ srcIp: "2804:14c::1" }, { srcIp: "10.9.9.9" }]);
  await incident(analystA, tenantA, "Cloud web", [{ dstIp: "10.20.0.7", srcIp: "192.168.1.5" }]);
  await incident(analystA, tenantA, "Private sources only", [
    { srcIp: "10.0.0.5" },
    { srcIp: "100.64.1.1" },
    { srcIp: "169.254.1.1" },
    { srcIp: "127.0.0.1" },
    { srcIp: "fe80::1" },
    { srcIp: "fd00::5" },
    { srcIp: "2001:db8::5" },
    { srcIp: "203.0.113.4" },
    { srcIp: "224.0.0.251" },
    { srcIp: "::ffff:192.168.0.1" },
  ]);
  await incident(analystA, tenantA, "Wrong recipient", [{ hostname: "srv-db-01", srcIp: "77.88.8.8" }], "Insider error");
  await incident(analystA, tenantA, "Data theft", [{ hostname: "ws-hr-12" }], "Malicious insider");
  await incident(analystA, tenantA, "Unknown office", [{ hostname: "ws-hr-12", srcIp: "172.16.4.4" }]);
  await incident(analystA, tenantA, "Laptop without site", [{ hostname: "laptop-9", srcIp: "192.168.7.7" }]);
  await incident(analystA, tenantA, "Our own gateway", [{ hostname: "edge", srcIp: "185.12.64.1" }]);
  await incident(analystB, tenantB, "B secret DB", [{ hostname: "srv-db-01" }]);

  // Older than the window: not on the map.
  app.clock.now = now - days(10);
  await incident(analystA, tenantA, "Long ago", [{ srcIp: "77.88.8.8" }]);
  app.clock.now = now;
});
afterAll(() => app.close());

describe("GET /api/v1/map/points", () => {
  it("places incidents by asset site, environment, source country and root cause", async () => {
    const response = await analystA.get(`/api/v1/map/points?${window()}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as MapPoints;
    expect(body).toMatchObject({ incidents: 10, placed: 8, truncated: false });
    const points = byName(body);
    expect(points.get("Frankfurt DC")).toMatchObject({ category: "On-premise", lat: 50.1109, lng: 8.6821, count: 1 });
    expect(points.get("Frankfurt DC")?.incidents[0]).toMatchObject({
      title: "DB server",
      via: "srv-db-01",
      priority: "High",
      status: "Open",
    });
    expect(points.get("Frankfurt DC")?.incidents[0]?.reference).toMatch(/^MAP-A-INC-\d{4}$/);
    expect(points.get("Russia")).toMatchObject({ category: "External Threat", count: 1 });
    expect(points.get("Russia")?.incidents[0]).toMatchObject({ title: "From Russia", via: "77.88.8.8" });
    expect(points.get("Brazil")).toMatchObject({ category: "External Threat", count: 1 });
    expect(points.get("AWS eu-west-1")).toMatchObject({ category: "Cloud", count: 1 });
    expect(titles(points.get("AWS eu-west-1"))).toEqual(["Cloud web"]);
    // Root cause wins over the public source; the person acted at the asset's site.
    const humanError = body.points.find((p) => p.category === "Human Error");
    expect(humanError).toMatchObject({ name: "Frankfurt DC", count: 1 });
    expect(titles(humanError)).toEqual(["Wrong recipient"]);
    const insider = body.points.find((p) => p.category === "Malicious Insider");
    expect(insider).toMatchObject({ name: "London office", count: 1 });
    // No environment on the asset or the alert: an own site with coordinates is On-premise.
    expect(body.points.find((p) => p.name === "London office" && p.category === "On-premise")?.count).toBe(1);
    // A public source that is our own gateway is placed at its site, not as a threat.
    expect(points.get("Paris DC")).toMatchObject({ category: "Hybrid", count: 1 });
    expect(points.get("New York DC")).toBeUndefined();
  });

  it("never places private, loopback, link-local, CGNAT, documentation or multicast sources", async () => {
    const body = (await analystA.get(`/api/v1/map/points?${window()}`)).json() as MapPoints;
    const listed = body.points.flatMap((p) => p.incidents.map((i) => i.title));
    expect(listed).not.toContain("Private sources only");
    expect(listed).not.toContain("Laptop without site");
    expect(body.points.every((p) => p.category !== "External Threat" || ["Russia", "Brazil"].includes(p.name))).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/10\.0\.0\.5|100\.64\.1\.1|fe80::1|2001:db8::5|203\.0\.113\.4/);
  });

  it("shows only the tenants in scope and never another tenant's sites or incidents", async () => {
    const { client: owner } = await signedInClient(app, [
      { tenantId: tenantA, role: "owner" },
      { tenantId: tenantB, role: "viewer" },
    ]);
    const both = (await owner.get(`/api/v1/map/points?${window()}`)).json() as MapPoints;
    expect(both.incidents).toBe(11);
    expect(byName(both).get("New York DC")).toMatchObject({ count: 1 });
    expect(byName(both).get("New York DC")?.incidents[0]).toMatchObject({ title: "B secret DB", tenantName: "Map B" });
    const onlyB = (
      await owner.request({ method: "GET", url: `/api/v1/map/points?${window()}`, headers: { "x-tenant-id": tenantB } })
    ).json() as MapPoints;
    expect(onlyB.points.map((p) => p.name)).toEqual(["New York DC"]);

    const forA = await analystA.get(`/api/v1/map/points?${window()}`);
    expect(forA.body).not.toContain("B secret DB");
    expect(forA.body).not.toContain("New York DC");
    const selectB = await analystA.request({
      method: "GET",
      url: `/api/v1/map/points?${window()}`,
      headers: { "x-tenant-id": tenantB },
    });
    expect(selectB.statusCode).toBe(404);
    expect(selectB.body).not.toContain("B secret DB");
    // Like the overview, the scope comes from the header only: a tenantId in the query changes nothing.
    const queried = await analystA.get(`/api/v1/map/points?${window()}&tenantId=${tenantB}`);
    expect(queried.statusCode).toBe(200);
    expect(queried.body).not.toContain("B secret DB");
  });

  it("lets executives read it and refuses anonymous callers", async () => {
    const { client: executive } = await signedInClient(app, [{ tenantId: tenantA, role: "executive" }]);
    expect((await executive.get(`/api/v1/map/points?${window()}`)).json().placed).toBe(8);
    const { TestClient } = await import("../../test/test-server");
    expect((await new TestClient(app).get("/api/v1/map/points")).statusCode).toBe(401);
  });

  it("defaults to the last 7 days and refuses reversed, malformed or over-long windows with the field named", async () => {
    app.clock.now = now + hours(1);
    const defaulted = (await analystA.get("/api/v1/map/points")).json() as MapPoints;
    app.clock.now = now;
    expect(defaulted).toMatchObject({ from: iso(now + hours(1) - days(7)), to: iso(now + hours(1)), incidents: 10 });
    const reversed = await analystA.get(
      `/api/v1/map/points?from=${encodeURIComponent(iso(now))}&to=${encodeURIComponent(iso(now - days(1)))}`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details).toEqual([{ path: "from", message: "must be before to" }]);
    const malformed = await analystA.get("/api/v1/map/points?from=yesterday");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].path).toBe("querystring.from");
    const long = await analystA.get(
      `/api/v1/map/points?from=${encodeURIComponent(iso(now - days(500)))}&to=${encodeURIComponent(iso(now))}`,
    );
    expect(long.statusCode).toBe(400);
  });

  it("answers an empty window with zero counts and no points", async () => {
    const future = `from=${encodeURIComponent(iso(now + days(1)))}&to=${encodeURIComponent(iso(now + days(2)))}`;
    expect((await analystA.get(`/api/v1/map/points?${future}`)).json()).toMatchObject({
      incidents: 0,
      placed: 0,
      truncated: false,
      points: [],
    });
  });

  it("places the same whether it reads the inventory whole or probes it per identity", async () => {
    const before = (await analystA.get(`/api/v1/map/points?${window()}`)).json() as MapPoints;
    // More identities than the map asks about: the service now probes each key instead.
    const spare: [string, string][] = Array.from({ length: 120 }, (_, i) => ["ip", `10.99.${i >> 8}.${i & 255}`]);
    await asset(tenantA, "spare-addresses", { lat: null, lng: null }, spare);
    const after = (await analystA.get(`/api/v1/map/points?${window()}`)).json() as MapPoints;
    expect(after).toEqual(before);
    // The probe answers each key in its own tenant only.
    const rows = await assetsByIdentity(app.ctx.db, [
      { tenantId: tenantA, kind: "hostname", value: "srv-db-01" },
      { tenantId: tenantB, kind: "hostname", value: "srv-db-01" },
      { tenantId: tenantA, kind: "ip", value: "10.99.0.7" },
      { tenantId: tenantB, kind: "ip", value: "10.99.0.7" },
      { tenantId: tenantA, kind: "fqdn", value: "srv-db-01" },
    ]);
    expect(rows.map((r) => [r.tenant_id === tenantA ? "A" : "B", r.kind, r.value, r.site]).sort()).toEqual([
      ["A", "hostname", "srv-db-01", "Frankfurt DC"],
      ["A", "ip", "10.99.0.7", null],
      ["B", "hostname", "srv-db-01", "New York DC"],
    ]);
  });
});
