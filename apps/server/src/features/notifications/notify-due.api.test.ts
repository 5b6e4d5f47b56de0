import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../../context";
import { openDatabase } from "../../db/database";
import { hours, minutes } from "../../lib/time";
import { makeTenant, makeUser } from "../../test/factories";
import { createTestApp, type TestApp, testDialect } from "../../test/test-server";
import { ingestAlerts } from "../alerts/alert-ingest.service";
import { claimBreachNotified, dueSlaBreaches } from "../alerts/alerts.repository";
import { notifySlaBreaches } from "../alerts/sla-breach.service";
import { notifyDue } from "./notify-due";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const doer = { userId: null, name: "test" };
const breachCount = async (tenantId: string) =>
  Number(
    (
      await app.ctx.db
        .selectFrom("notifications")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("tenant_id", "=", tenantId)
        .where("kind", "=", "sla_breach")
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Late alerts: Critical, detected two hours ago, never acknowledged. */
async function lateAlerts(ctx: AppContext, tenantId: string, count: number, prefix: string) {
  const detectedAt = new Date(ctx.now() - hours(2)).toISOString();
  const items = Array.from({ length: count }, (_, i) => ({
    source: "late",
    sourceId: `${prefix}-${i}`,
    name: `Late ${i}`,
    priority: "Critical",
    detectedAt,
  }));
  await ingestAlerts(ctx, tenantId, items, doer);
}

describe("late-work notices are sent once (issue 19)", () => {
  it("notifies nothing twice when a second check read the same late alerts before the first marked them", async () => {
    const tenant = await makeTenant(app);
    await makeUser(app, [{ tenantId: tenant.id, role: "admin" }]);
    await lateAlerts(app.ctx, tenant.id, 5, "stale");
    // Both checks read before either writes, as two servers' timers would.
    const first = await dueSlaBreaches(app.ctx.db, app.ctx.now(), 100);
    const second = await dueSlaBreaches(app.ctx.db, app.ctx.now(), 100);
    const notice = () => ({ kind: "sla_breach" as const, message: "late", link: "/" });
    const mine = (rows: typeof first) =>
      rows
        .filter((a) => a.tenant_id === tenant.id)
        .map((a) => ({ ...a, tenantId: a.tenant_id, assigneeUserId: a.assignee_user_id }));
    expect(await notifyDue(app.ctx, mine(first), notice, (trx, a, at) => claimBreachNotified(trx, a.id, at))).toBe(5);
    expect(await notifyDue(app.ctx, mine(second), notice, (trx, a, at) => claimBreachNotified(trx, a.id, at))).toBe(0);
    expect(await breachCount(tenant.id)).toBe(5);
  });

  // Two servers share one database only on PostgreSQL (SQLite is one process's file).
  it.skipIf(testDialect() !== "postgres")(
    "sends one notice per breach when two servers check the same database at once",
    async () => {
      const second = openDatabase(app.ctx.env.WATCHFLOOR_DATABASE_URL, "/nonexistent");
      try {
        const other: AppContext = { ...app.ctx, db: second.db, dialect: second.dialect, bulk: second.bulk };
        const tenant = await makeTenant(app);
        await makeUser(app, [{ tenantId: tenant.id, role: "admin" }]);
        await lateAlerts(app.ctx, tenant.id, 40, "race");
        app.clock.now += minutes(1);
        let total = 0;
        for (let round = 0; round < 3; round++) {
          const counts = await Promise.all([
            notifySlaBreaches(app.ctx),
            notifySlaBreaches(other),
            notifySlaBreaches(app.ctx),
            notifySlaBreaches(other),
          ]);
          total += counts.reduce((a, b) => a + b, 0);
        }
        expect(await breachCount(tenant.id)).toBe(40);
        // Each breach counted by exactly one of the racing checks.
        expect(total).toBe(40);
      } finally {
        await second.destroy();
      }
    },
  );
});
