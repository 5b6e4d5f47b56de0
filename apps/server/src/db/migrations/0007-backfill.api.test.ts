import { afterAll, beforeAll, expect, it } from "vitest";
import { generateAlerts } from "../../seed/demo-generator";
import { directSource } from "../../features/dashboard/dashboard-sources";
import { dashboardSummary } from "../../features/dashboard/dashboard.service";
import { days } from "../../lib/time";
import { makeTenant, signedInClient } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-server";
import { queueExistingAlerts } from "./0007-dashboard-rollups";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it("queues alerts that predate the rollups, and the overview counts them exactly", async () => {
  const tenant = await makeTenant(app, "Backfill");
  const { client } = await signedInClient(app, [{ tenantId: tenant.id, role: "owner" }]);
  const alerts = [...generateAlerts({ seed: 7, count: 300, tenants: [tenant.slug], now: app.clock.now, daysBack: 20 })].map(
    (a) => a.alert,
  );
  expect((await client.post(`/api/v1/alerts/bulk?tenantId=${tenant.id}`, alerts)).statusCode).toBeLessThan(300);
  // As a database upgraded to 0007 would be: alerts, but no rollups and nothing queued.
  for (const table of ["rollup_totals", "rollup_ranked", "rollup_attack", "rollup_incidents", "rollup_dirty"] as const) {
    await app.ctx.db.deleteFrom(table).execute();
  }
  await queueExistingAlerts(app.ctx.db as never);
  expect(
    Number(
      (
        await app.ctx.db
          .selectFrom("rollup_dirty")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  ).toBeGreaterThan(20);
  const from = app.clock.now - days(30);
  const to = app.clock.now;
  const summary = await client.get(
    `/api/v1/dashboard/summary?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`,
  );
  const direct = await dashboardSummary(app.ctx, [tenant.id], { from, to }, directSource(app.ctx, [tenant.id], app.ctx.now()));
  expect(summary.json()).toEqual(JSON.parse(JSON.stringify(direct)));
});
