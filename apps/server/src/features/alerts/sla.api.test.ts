import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minutes } from "../../lib/time";
import { makeTenant, makeUser, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";
import { notifySlaBreaches } from "./sla-breach.service";

let app: TestApp;
let tenantId: string;
let owner: TestClient;
let analyst: TestClient;
let analystId: string;

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "SLA Tenant")).id;
  owner = (await signedInClient(app, [{ tenantId, role: "owner" }])).client;
  const a = await signedInClient(app, [{ tenantId, role: "analyst" }]);
  analyst = a.client;
  analystId = a.user.id;
});
afterAll(() => app.close());

describe("SLA policies, breaches and figures", () => {
  it("uses a tenant's own policy for new alerts and validates it", async () => {
    const bad = await owner.put(`/api/v1/sla-policies/${tenantId}`, {
      policies: [{ priority: "High", ack: 60, respond: 30, resolve: 90 }],
    });
    expect(bad.json().details[0].path).toBe("policies.0");
    expect(
      (
        await owner.put(`/api/v1/sla-policies/${tenantId}`, {
          policies: [{ priority: "High", ack: 5, respond: 10, resolve: 20 }],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await analyst.put(`/api/v1/sla-policies/${tenantId}`, {
          policies: [{ priority: "High", ack: 5, respond: 10, resolve: 20 }],
        })
      ).statusCode,
    ).toBe(403);
    const policies = (await analyst.get("/api/v1/sla-policies")).json().items;
    expect(policies.find((p: { priority: string }) => p.priority === "High")).toMatchObject({ ack: 5, custom: true });
    expect(policies.find((p: { priority: string }) => p.priority === "Critical")).toMatchObject({ respond: 30, custom: false });
    const detectedAt = new Date(app.clock.now).toISOString();
    const id = (
      await analyst.post(`/api/v1/alerts?tenantId=${tenantId}`, {
        source: "s",
        sourceId: "p1",
        name: "Policy",
        priority: "High",
        detectedAt,
      })
    ).json().id;
    const detail = (await analyst.get(`/api/v1/alerts/${id}`)).json();
    expect(Date.parse(detail.alert.ackDueAt) - Date.parse(detectedAt)).toBe(minutes(5));
  });

  it("notifies the assignee and tenant admins once when an alert breaches", async () => {
    await notifySlaBreaches(app.ctx);
    const id = (
      await analyst.post(`/api/v1/alerts?tenantId=${tenantId}`, {
        source: "s",
        sourceId: "b1",
        name: "Breach me",
        priority: "Critical",
        detectedAt: new Date(app.clock.now).toISOString(),
      })
    ).json().id;
    await analyst.post(`/api/v1/alerts/${id}/assign`, { assigneeUserId: analystId });
    expect(await notifySlaBreaches(app.ctx)).toBe(0);
    app.clock.now += minutes(16);
    expect(await notifySlaBreaches(app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await notifySlaBreaches(app.ctx)).toBe(0);
    const mine = (await analyst.get("/api/v1/notifications"))
      .json()
      .items.filter((n: { kind: string }) => n.kind === "sla_breach");
    expect(mine.some((n: { message: string }) => n.message.includes("Breach me") && n.message.includes("acknowledge"))).toBe(
      true,
    );
    const admins = (await owner.get("/api/v1/notifications"))
      .json()
      .items.filter((n: { kind: string }) => n.kind === "sla_breach");
    expect(admins.length).toBeGreaterThan(0);
  });

  it("computes MTTA and MTTR per priority and analyst", async () => {
    const colleague = await makeUser(app, [{ tenantId, role: "analyst" }], { displayName: "Mo Tanaka" });
    const start = app.clock.now;
    const id = (
      await analyst.post(`/api/v1/alerts?tenantId=${tenantId}`, {
        source: "s",
        sourceId: "m1",
        name: "Timed",
        priority: "Medium",
        detectedAt: new Date(start).toISOString(),
      })
    ).json().id;
    await analyst.post(`/api/v1/alerts/${id}/assign`, { assigneeUserId: colleague.id });
    app.clock.now = start + minutes(20);
    await analyst.post(`/api/v1/alerts/${id}/transition`, { status: "Acknowledged" });
    await analyst.post(`/api/v1/alerts/${id}/transition`, { status: "In Progress" });
    app.clock.now = start + minutes(100);
    await analyst.post(`/api/v1/alerts/${id}/transition`, { status: "Resolved" });
    const stats = (
      await analyst.get(
        `/api/v1/alerts/stats?by=assignee&from=${new Date(start - 1000).toISOString()}&to=${new Date(start + 1000).toISOString()}`,
      )
    ).json();
    expect(stats.items).toEqual([
      { key: "Mo Tanaka", alerts: 1, mttaMinutes: 20, mttrMinutes: 100, ackMetPercent: 100, respondMetPercent: 100 },
    ]);
  });

  it("keeps saved views per person", async () => {
    const created = await analyst.post("/api/v1/saved-views", { name: "My critical", query: "priority=Critical&view=open" });
    expect(created.statusCode).toBe(201);
    expect((await analyst.get("/api/v1/saved-views")).json().items.map((v: { name: string }) => v.name)).toEqual(["My critical"]);
    expect((await owner.get("/api/v1/saved-views")).json().items).toEqual([]);
    expect((await owner.delete(`/api/v1/saved-views/${created.json().id}`)).statusCode).toBe(404);
  });

  it("keeps each list's saved views apart", async () => {
    const incidents = await analyst.post("/api/v1/saved-views", {
      list: "incidents",
      name: "Open criticals",
      query: "?priority=Critical",
    });
    expect(incidents.statusCode, incidents.body).toBe(201);
    expect(incidents.json().list).toBe("incidents");
    const names = async (query: string) =>
      (await analyst.get(`/api/v1/saved-views${query}`)).json().items.map((v: { name: string }) => v.name);
    expect(await names("?list=incidents")).toEqual(["Open criticals"]);
    expect(await names("?list=alerts")).toEqual(["My critical"]);
    expect(await names("")).toEqual(["My critical", "Open criticals"]);
    expect((await analyst.get("/api/v1/saved-views?list=assets")).statusCode).toBe(400);
    expect((await analyst.post("/api/v1/saved-views", { list: "assets", name: "x", query: "" })).statusCode).toBe(400);
  });
});

describe("the test clock (WATCHFLOOR_TEST_CLOCK, test runs only)", () => {
  it("moves server time for platform admins and notifies the breaches that makes at once", async () => {
    const clocked = await createTestApp({ WATCHFLOOR_TEST_CLOCK: "1" });
    try {
      const t = (await makeTenant(clocked, "Clock Tenant")).id;
      const { client: admin } = await signedInClient(clocked, [{ tenantId: t, role: "owner" }], { platformAdmin: true });
      const { client: owner } = await signedInClient(clocked, [{ tenantId: t, role: "owner" }]);
      // No detectedAt: detected at the server's now.
      const id = (
        await owner.post(`/api/v1/alerts?tenantId=${t}`, { source: "s", sourceId: "c1", name: "Clocked", priority: "Critical" })
      ).json().id;
      expect((await owner.post("/api/v1/test/clock", { advanceMinutes: 16 })).statusCode).toBe(403);
      expect((await admin.post("/api/v1/test/clock", { advanceMinutes: -5 })).statusCode).toBe(400);
      const start = clocked.ctx.now();
      const moved = await admin.post("/api/v1/test/clock", { advanceMinutes: 16 });
      expect(moved.json()).toEqual({ now: new Date(start + minutes(16)).toISOString(), slaBreachesNotified: 1 });
      expect((await owner.get(`/api/v1/alerts/${id}`)).json().alert).toMatchObject({ ackSla: "Missed", respondSla: "On track" });
      const breaches = (await owner.get("/api/v1/notifications"))
        .json()
        .items.filter((n: { kind: string }) => n.kind === "sla_breach");
      expect(breaches.map((n: { message: string }) => n.message)).toEqual([
        'SLA breached: Critical alert "Clocked" missed its acknowledge time.',
      ]);
      // Already notified: moving on past the respond time does not repeat it.
      expect((await admin.post("/api/v1/test/clock", { advanceMinutes: 20 })).json().slaBreachesNotified).toBe(0);
    } finally {
      await clocked.close();
    }
  });
});
