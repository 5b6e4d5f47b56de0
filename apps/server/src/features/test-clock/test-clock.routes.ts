import { testClockAdvancedSchema, testClockBodySchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { iso, minutes } from "../../lib/time";
import { notifyAllSlaBreaches } from "../alerts/sla-breach.service";

/**
 * Test-only: app.ts mounts this only when WATCHFLOOR_TEST_CLOCK is on, which loadEnv refuses
 * outside NODE_ENV=test. Moves the server clock forward, then runs the SLA breach check and the
 * background jobs due at once, so a browser test sees a breach or a scheduled report without
 * waiting for a timer.
 */
export const testClockRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const clock = ctx.testClock;
    if (!clock) throw new Error("WATCHFLOOR_TEST_CLOCK is on but the context has no test clock");
    app.post(
      "/test/clock",
      // Platform admins only: the clock is shared by every tenant. Hidden from the API docs.
      {
        config: { policy: { access: "platform" } },
        schema: { hide: true, body: testClockBodySchema, response: { 200: testClockAdvancedSchema } },
      },
      async (request) => {
        clock.advance(minutes(request.body.advanceMinutes));
        const slaBreachesNotified = await notifyAllSlaBreaches(ctx);
        // Background jobs due at the new time run now (a report schedule, a mail retry).
        await ctx.jobs?.runDue();
        return { now: iso(ctx.now()), slaBreachesNotified };
      },
    );
  };
