import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { STREAM_CHECK_CACHE_MS, openStreamGuard } from "../../http/stream-guard";
import { hours, minutes } from "../../lib/time";
import { openStream } from "../../test/event-stream";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";
import { LIVE_RECHECK_MS } from "./live-stream";

let app: TestApp;
let tenantId: string;
let otherTenantId: string;
let analyst: TestClient;

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "Live Tenant")).id;
  otherTenantId = (await makeTenant(app, "Other Tenant")).id;
  analyst = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
});
afterAll(() => app.close());

describe("live updates and export", () => {
  it("pushes a new alert to a subscribed client of that tenant only", async () => {
    const address = await app.app.listen({ port: 0, host: "127.0.0.1" });
    const cookie = [...analyst.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const controller = new AbortController();
    const response = await fetch(`${address}/api/v1/events`, { headers: { cookie }, signal: controller.signal });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const received: string[] = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        received.push(decoder.decode(value));
        if (received.join("").includes("event: change")) return;
      }
    })();
    // A change in a tenant the analyst cannot see is not sent; one in theirs is.
    app.ctx.events.publish({ tenantId: otherTenantId, kind: "alert", ids: ["hidden"], action: "created" });
    const posted = await analyst.post(`/api/v1/alerts?tenantId=${tenantId}`, {
      source: "live",
      sourceId: "1",
      name: "Live one",
      priority: "High",
    });
    await Promise.race([reading, new Promise((r) => setTimeout(r, 2000))]);
    controller.abort();
    const text = received.join("");
    expect(text).toContain(posted.json().id);
    expect(text).not.toContain("hidden");
  });

  it("exports the filtered set as CSV, formula-safe", async () => {
    for (let i = 0; i < 5; i++) {
      await analyst.post(`/api/v1/alerts?tenantId=${tenantId}`, {
        source: "csv",
        sourceId: `c${i}`,
        name: i === 0 ? "=cmd|' /C calc'!A0" : `Export, "quoted" ${i}`,
        priority: i % 2 ? "Low" : "High",
      });
    }
    const response = await analyst.get("/api/v1/alerts/export.csv?priority=High&sort=name&dir=asc");
    expect(response.headers["content-type"]).toContain("text/csv");
    const lines = response.body.trim().split("\r\n");
    expect(lines[0]?.startsWith("id,tenant,source,sourceId,name")).toBe(true);
    const highs = (await analyst.get("/api/v1/alerts?priority=High&limit=200")).json().items.length;
    expect(lines.length - 1).toBe(highs);
    expect(response.body).toContain(`"Export, ""quoted"" 2"`);
    expect(response.body).toContain("'=cmd");
  });
});

describe("the live stream ends when the access behind it does", () => {
  const events = "/api/v1/events";
  const change = (tenant: string, id: string) =>
    app.ctx.events.publish({ tenantId: tenant, kind: "alert", ids: [id], action: "created" });
  // A stream reuses its last re-check for STREAM_CHECK_CACHE_MS of app time: moving the clock
  // past it makes the next change re-read the database, as a second later would.
  const pastCache = () => {
    app.clock.now += STREAM_CHECK_CACHE_MS;
  };
  const cookieOf = (client: TestClient) => ({ cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") });

  it("ends on sign-out before sending another change, and the old cookie cannot reopen it", async () => {
    const { client } = await signedInClient(app, [{ tenantId, role: "analyst" }]);
    const cookie = cookieOf(client);
    const stream = await openStream(app, events, cookie);
    expect(stream.statusCode).toBe(200);
    change(tenantId, "before-sign-out");
    await stream.waitFor("before-sign-out");
    expect((await client.post("/api/v1/auth/sign-out")).statusCode).toBe(200);
    pastCache();
    change(tenantId, "after-sign-out");
    await stream.ended();
    expect(stream.text()).not.toContain("after-sign-out");
    expect((await openStream(app, events, cookie)).statusCode).toBe(401);
  });

  it("ends when the user is removed from a tenant; reconnected, it no longer carries that tenant", async () => {
    const owner = (await signedInClient(app, [{ tenantId: otherTenantId, role: "owner" }])).client;
    const { client, user } = await signedInClient(app, [
      { tenantId, role: "analyst" },
      { tenantId: otherTenantId, role: "analyst" },
    ]);
    const stream = await openStream(app, events, client);
    change(otherTenantId, "other-before-removal");
    await stream.waitFor("other-before-removal");
    expect((await owner.delete(`/api/v1/tenants/${otherTenantId}/members/${user.id}`)).statusCode).toBe(200);
    pastCache();
    change(otherTenantId, "other-after-removal");
    await stream.ended();
    expect(stream.text()).not.toContain("other-after-removal");

    const again = await openStream(app, events, client);
    change(otherTenantId, "other-after-reconnect");
    change(tenantId, "own-after-reconnect");
    await again.waitFor("own-after-reconnect");
    expect(again.text()).not.toContain("other-after-reconnect");
    again.close();
  });

  it("ends when the user's role changes", async () => {
    const owner = (await signedInClient(app, [{ tenantId, role: "owner" }])).client;
    const { client, user } = await signedInClient(app, [{ tenantId, role: "analyst" }]);
    const stream = await openStream(app, events, client);
    change(tenantId, "before-role-change");
    await stream.waitFor("before-role-change");
    expect((await owner.patch(`/api/v1/tenants/${tenantId}/members/${user.id}`, { role: "viewer" })).statusCode).toBe(200);
    pastCache();
    change(tenantId, "after-role-change");
    await stream.ended();
    expect(stream.text()).not.toContain("after-role-change");
  });

  it("ends when the session must first enrol a second factor that its tenant now requires", async () => {
    const strict = (await makeTenant(app)).id;
    const owner = (await signedInClient(app, [{ tenantId: strict, role: "owner" }])).client;
    const { client } = await signedInClient(app, [{ tenantId: strict, role: "analyst" }]);
    const stream = await openStream(app, events, client);
    change(strict, "before-policy");
    await stream.waitFor("before-policy");
    expect((await owner.put(`/api/v1/tenants/${strict}/security-policy`, { requireSecondFactor: true })).statusCode).toBe(200);
    pastCache();
    change(strict, "after-policy");
    await stream.ended();
    expect(stream.text()).not.toContain("after-policy");
    expect((await openStream(app, events, client)).statusCode).toBe(403);
  });

  it("ends when the session idles out or reaches its absolute expiry", async () => {
    const { env } = app.ctx;
    const idle = cookieOf((await signedInClient(app, [{ tenantId, role: "analyst" }])).client);
    const idleStream = await openStream(app, events, idle);
    app.clock.now += minutes(env.WATCHFLOOR_SESSION_IDLE_MINUTES) + 1;
    change(tenantId, "after-idle");
    await idleStream.ended();
    expect(idleStream.text()).not.toContain("after-idle");
    expect((await openStream(app, events, idle)).statusCode).toBe(401);

    // Active all along (another tab's requests), yet past the absolute end.
    const { client } = await signedInClient(app, [{ tenantId, role: "analyst" }]);
    const stream = await openStream(app, events, client);
    for (let h = 0; h < env.WATCHFLOOR_SESSION_ABSOLUTE_HOURS; h++) {
      app.clock.now += hours(1);
      if (h < env.WATCHFLOOR_SESSION_ABSOLUTE_HOURS - 1) expect((await client.get("/api/v1/tenants")).statusCode).toBe(200);
    }
    change(tenantId, "after-absolute-expiry");
    await stream.ended();
    expect(stream.text()).not.toContain("after-absolute-expiry");
    expect((await client.get("/api/v1/tenants")).statusCode).toBe(401);
  });

  it("ends an idle stream (no changes at all) at the next re-check after sign-out or expiry", async () => {
    const signingOut = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
    const expiring = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const first = await openStream(app, events, signingOut);
      const second = await openStream(app, events, expiring);
      await vi.advanceTimersByTimeAsync(LIVE_RECHECK_MS);
      await first.waitFor(": keep-alive");
      await second.waitFor(": keep-alive");
      expect(first.isEnded() || second.isEnded()).toBe(false);

      expect((await signingOut.post("/api/v1/auth/sign-out")).statusCode).toBe(200);
      await vi.advanceTimersByTimeAsync(LIVE_RECHECK_MS);
      await first.ended();
      expect(second.isEnded()).toBe(false);

      app.clock.now += hours(app.ctx.env.WATCHFLOOR_SESSION_ABSOLUTE_HOURS);
      await vi.advanceTimersByTimeAsync(LIVE_RECHECK_MS);
      await second.ended();
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends an API key's stream once the key is revoked (keys cannot open /events today)", async () => {
    const admin = (await signedInClient(app, [{ tenantId, role: "admin" }])).client;
    const created = (await admin.post("/api/v1/api-keys", { tenantId, name: "stream reader" })).json();
    expect((await openStream(app, events, { authorization: `Bearer ${created.key}` })).statusCode).toBe(403);
    // The guard behind the stream, for the day keys may read it.
    const guard = await openStreamGuard(app.ctx, { kind: "apiKey", keyId: created.id, tenantId });
    expect(guard.opened.verdict).toBeNull();
    expect(await guard.check()).toBeNull();
    expect((await admin.delete(`/api/v1/api-keys/${created.id}`)).statusCode).toBe(200);
    pastCache();
    expect(await guard.check()).toBe("key_revoked");
  });
});
