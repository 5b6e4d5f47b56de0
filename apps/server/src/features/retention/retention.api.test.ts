import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { days, hours } from "../../lib/time";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";
import { ingestAlerts } from "../alerts/alert-ingest.service";
import { rollupsFor } from "../rollups/rollup-refresher";
import { applyRetention, RETENTION_BATCH } from "./retention.service";

let app: TestApp;
let owner: TestClient;
let kept: string;
let other: string;
const doer = { userId: null, name: "test" };

/** One alert a day for `count` days back from now, per tenant. */
async function dailyAlerts(tenantId: string, count: number) {
  const now = app.ctx.now();
  const items = Array.from({ length: count }, (_, i) => ({
    source: "daily",
    sourceId: `d-${i}`,
    name: `Day ${i}`,
    priority: "Low",
    detectedAt: new Date(now - days(i) - hours(1)).toISOString(),
  }));
  await ingestAlerts(app.ctx, tenantId, items, doer);
}
const alertCount = async (tenantId: string) =>
  Number(
    (
      await app.ctx.db
        .selectFrom("alerts")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("tenant_id", "=", tenantId)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  app = await createTestApp();
  kept = (await makeTenant(app, "Retention kept")).id;
  other = (await makeTenant(app, "Retention other")).id;
  owner = (
    await signedInClient(app, [
      { tenantId: kept, role: "owner" },
      { tenantId: other, role: "owner" },
    ])
  ).client;
  await dailyAlerts(kept, 60);
  await dailyAlerts(other, 60);
});
afterAll(() => app.close());

describe("retention per tenant (issue 19)", () => {
  it("is set by the tenant's owners only, within limits, and audited", async () => {
    const { client: admin } = await signedInClient(app, [{ tenantId: kept, role: "admin" }]);
    expect((await admin.put(`/api/v1/tenants/${kept}/retention`, { retentionDays: 30 })).statusCode).toBe(403);
    const tooShort = await owner.put(`/api/v1/tenants/${kept}/retention`, { retentionDays: 1 });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().details[0].path).toBe("retentionDays");
    expect((await owner.put(`/api/v1/tenants/${kept}/retention`, { retentionDays: 30 })).json()).toEqual({ retentionDays: 30 });
    const tenant = (await owner.get("/api/v1/tenants")).json().items.find((t: { id: string }) => t.id === kept);
    expect(tenant.retentionDays).toBe(30);
    expect((await owner.get("/api/v1/audit?event=tenant.retention_changed")).json().items[0]).toMatchObject({
      details: { retentionDays: 30 },
    });
  });

  it("deletes exactly the alerts, timeline and audit entries older than the period, of that tenant only, and keeps the overview exact", async () => {
    // An old audit entry and an old timeline event of the tenant, and recent ones.
    await app.ctx.db
      .insertInto("audit_log")
      .values({
        id: "old-audit-1",
        at: app.ctx.now() - days(45),
        event: "settings.changed",
        tenant_id: kept,
        actor_user_id: null,
        actor_email: null,
        ip_address: null,
        details: "{}",
      })
      .execute();
    const before = { kept: await alertCount(kept), other: await alertCount(other) };
    expect(before).toEqual({ kept: 60, other: 60 });

    const [outcome] = await applyRetention(app.ctx);
    // Days 0 to 29 are kept (each alert is an hour older than its day): 30 deleted.
    expect(outcome).toMatchObject({ tenantId: kept, alerts: 30, auditEntries: 1 });
    expect(await alertCount(kept)).toBe(30);
    expect(await alertCount(other)).toBe(60);
    const oldest = await app.ctx.db
      .selectFrom("alerts")
      .select((eb) => eb.fn.min("detected_at").as("t"))
      .where("tenant_id", "=", kept)
      .executeTakeFirstOrThrow();
    expect(Number(oldest.t)).toBeGreaterThanOrEqual(app.ctx.now() - days(30));
    // No timeline of a deleted alert is left.
    const orphans = await app.ctx.db
      .selectFrom("timeline_events")
      .select("subject_id")
      .where("tenant_id", "=", kept)
      .where("subject_type", "=", "alert")
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("alerts").select("alerts.id").whereRef("alerts.id", "=", "timeline_events.subject_id"))),
      )
      .execute();
    expect(orphans).toEqual([]);
    // The deletion is audited and that record stays.
    const audit = (await owner.get("/api/v1/audit?event=retention.applied")).json().items;
    expect(audit[0]).toMatchObject({ details: { retentionDays: 30, alerts: 30, auditEntries: 1 } });
    // The overview counts what is left (its rollups were marked in the deleting transactions).
    owner.tenantId = kept;
    await rollupsFor(app.ctx).flush([kept]);
    const summary = (
      await owner.get(
        `/api/v1/dashboard/summary?from=${new Date(app.ctx.now() - days(90)).toISOString()}&to=${new Date(app.ctx.now()).toISOString()}`,
      )
    ).json();
    expect(summary.alerts.current).toBe(30);
    owner.tenantId = null;
  });

  it("finds nothing more to delete on a second run, and deletes in batches", async () => {
    expect((await applyRetention(app.ctx))[0]).toMatchObject({ alerts: 0, timelineEvents: 0, auditEntries: 0 });
    expect(RETENTION_BATCH).toBeLessThanOrEqual(1000);
    // Moving the clock ten days on ages ten more days out.
    app.clock.now += days(10);
    expect((await applyRetention(app.ctx))[0]).toMatchObject({ alerts: 10 });
    expect(await alertCount(kept)).toBe(20);
    // Switched off, nothing more goes (a new session: ten days on, the old one has expired).
    const { client: fresh } = await signedInClient(app, [{ tenantId: kept, role: "owner" }]);
    expect((await fresh.put(`/api/v1/tenants/${kept}/retention`, { retentionDays: null })).statusCode).toBe(200);
    app.clock.now += days(10);
    expect(await applyRetention(app.ctx)).toEqual([]);
    expect(await alertCount(kept)).toBe(20);
  });
});
