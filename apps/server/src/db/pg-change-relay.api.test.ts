import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { AppContext } from "../context";
import { AppEvents, type DataChange } from "../lib/events";
import { openStream } from "../test/event-stream";
import { makeTenant, signedInClient } from "../test/factories";
import { createTestApp, type TestApp, testDialect } from "../test/test-server";
import { openDatabase } from "./database";
import { PgChangeRelay } from "./pg-change-relay";

/**
 * Issue 19: several servers on one PostgreSQL database. Server A is the test app; server B is a
 * second app with its own connections and its own change feed on the same database.
 */
const postgres = testDialect() === "postgres";
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe.skipIf(!postgres)("the change feed across servers", () => {
  it("brings an alert posted to server A to a live stream on server B within 2 s, and to A's own subscribers once", async () => {
    const url = app.ctx.env.WATCHFLOOR_DATABASE_URL ?? "";
    const second = openDatabase(url, "/nonexistent");
    const ctxB: AppContext = { ...app.ctx, db: second.db, dialect: second.dialect, bulk: second.bulk, events: new AppEvents() };
    const serverB = await buildApp(ctxB, { logger: false });
    await serverB.app.ready();
    const relayA = new PgChangeRelay(url, app.ctx.events, app.ctx.db as never);
    const relayB = new PgChangeRelay(url, ctxB.events, ctxB.db as never);
    await Promise.all([relayA.start({ listen: true }), relayB.start({ listen: true })]);
    const seenOnA: DataChange[] = [];
    const unsubscribe = app.ctx.events.subscribe((c) => seenOnA.push(c));
    try {
      const tenant = await makeTenant(app);
      // Sessions live in the database: the same cookie works on both servers.
      const { client } = await signedInClient(app, [{ tenantId: tenant.id, role: "analyst" }]);
      const stream = await openStream({ ...app, app: serverB.app } as TestApp, "/api/v1/events", client);
      expect(stream.statusCode).toBe(200);
      const started = Date.now();
      const posted = await client.post(`/api/v1/alerts?tenantId=${tenant.id}`, {
        source: "relay",
        sourceId: "r-1",
        name: "Seen everywhere",
        priority: "High",
      });
      expect(posted.statusCode).toBe(201);
      await stream.waitFor(posted.json().id, 2000);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(relayB.received).toBeGreaterThan(0);
      // A's subscribers had it from A itself, and not again from the relay.
      expect(seenOnA.filter((c) => c.ids.includes(posted.json().id))).toHaveLength(1);
      stream.close();
    } finally {
      unsubscribe();
      await Promise.all([relayA.stop(), relayB.stop()]);
      await serverB.app.close();
      await second.destroy();
    }
  });

  it("sends a very large change without its ids (NOTIFY payloads are limited)", async () => {
    const url = app.ctx.env.WATCHFLOOR_DATABASE_URL ?? "";
    const eventsB = new AppEvents();
    const second = openDatabase(url, "/nonexistent");
    const relayA = new PgChangeRelay(url, app.ctx.events, app.ctx.db as never);
    const relayB = new PgChangeRelay(url, eventsB, second.db as never);
    await Promise.all([relayA.start({ listen: true }), relayB.start({ listen: true })]);
    try {
      const got = new Promise<DataChange>((resolve) => eventsB.subscribe(resolve));
      const ids = Array.from({ length: 2_000 }, (_, i) => `0000000-big-change-${i}`);
      app.ctx.events.publish({ tenantId: "t-big", kind: "alert", ids, action: "created" });
      expect(await got).toEqual({ tenantId: "t-big", kind: "alert", ids: [], action: "created" });
    } finally {
      await Promise.all([relayA.stop(), relayB.stop()]);
      await second.destroy();
    }
  });
});
