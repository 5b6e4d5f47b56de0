import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { minutes } from "../../lib/time";
import { makeTenant } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-server";
import { ingestAlerts } from "../alerts/alert-ingest.service";
import { RollupRefresher, rollupsFor } from "./rollup-refresher";

let app: TestApp;
let tenantId: string;

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "Quiet Tenant")).id;
  // Only the refresher under test runs on this database.
  await rollupsFor(app.ctx).stop();
});
afterAll(() => app.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A refresher whose every query is counted (issue 13, finding 5: an idle server used a third of a core). */
function countedRefresher() {
  const counter = { queries: 0 };
  const db = app.ctx.db.withPlugin({
    transformQuery: (args) => {
      counter.queries++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { refresher: new RollupRefresher({ ...app.ctx, db }), counter };
}

describe("the rollup refresher at rest", () => {
  it("runs no query while nothing changes, nor after refreshing a change until its next due time", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    const { refresher, counter } = countedRefresher();
    refresher.start((error) => {
      throw error;
    });
    try {
      await refresher.whenIdle();
      counter.queries = 0;
      // Ten idle minutes on an empty queue: nothing to look at.
      await vi.advanceTimersByTimeAsync(minutes(10));
      await refresher.whenIdle();
      expect(counter.queries).toBe(0);

      // A change (a Low alert: its acknowledge time is four hours away) is refreshed soon after...
      const now = app.ctx.now();
      await ingestAlerts(
        app.ctx,
        tenantId,
        [
          {
            source: "quiet",
            sourceId: "q-1",
            name: "Quiet",
            priority: "Low",
            detectedAt: new Date(now - minutes(1)).toISOString(),
          },
        ],
        { userId: null, name: "test" },
      );
      await vi.advanceTimersByTimeAsync(5000);
      await refresher.whenIdle();
      expect(counter.queries).toBeGreaterThan(0);
      const leaf = await app.ctx.db
        .selectFrom("rollup_totals")
        .select(["alerts", "next_due"])
        .where("tenant_id", "=", tenantId)
        .where("level", "=", 0)
        .executeTakeFirstOrThrow();
      expect(Number(leaf.alerts)).toBe(1);

      // ...and then nothing runs: no change, and no due time passes (the timer waits for the
      // next one, four hours away, checking the clock once an hour).
      counter.queries = 0;
      await vi.advanceTimersByTimeAsync(minutes(59));
      await refresher.whenIdle();
      expect(counter.queries).toBe(0);
    } finally {
      await refresher.stop();
    }
  });
});
