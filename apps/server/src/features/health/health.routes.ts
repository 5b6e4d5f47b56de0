import { apiErrorSchema, livenessSchema, readinessSchema, textResponse } from "@watchfloor/shared";
import type { FastifyPluginAsync } from "fastify";
import type { Registry } from "prom-client";
import type { AppContext } from "../../context";
import { pingDatabase } from "../../db/database";
import { isoOrNull } from "../../lib/time";
import { jobCounts } from "../jobs/jobs.repository";
import { metricsAllowed } from "./metrics-access";

const metrics = textResponse("text/plain", "Prometheus metrics in the text exposition format.");

/** Liveness, readiness and metrics sit outside /api/v1 for load balancers and scrapers. */
export const healthRoutes =
  (ctx: AppContext, registry: Registry): FastifyPluginAsync =>
  async (app) => {
    app.get("/healthz", { schema: { hide: true, response: { 200: livenessSchema } } }, async () => ({ status: "ok" }));

    app.get(
      "/readyz",
      { schema: { hide: true, response: { 200: readinessSchema, 503: apiErrorSchema } } },
      async (request, reply) => {
        try {
          await pingDatabase(ctx.db);
          const jobs = ctx.jobs;
          return {
            status: "ready",
            database: ctx.dialect,
            jobs: jobs
              ? {
                  running: jobs.started,
                  lastPassAt: isoOrNull(jobs.lastPassAt),
                  // /readyz is public: say that the last pass failed, not the database's words (the log has them).
                  lastPassError: jobs.lastPassError ? "the last background job pass failed; see the server log" : null,
                  ...(({ queued, due, dead }) => ({ queued, due, dead }))(await jobCounts(ctx.db, ctx.now())),
                }
              : null,
            changeFeed: ctx.changeFeed?.() ?? { kind: "in-process", listening: true, received: 0, lagMs: null },
          } as const;
        } catch (error) {
          request.log.error({ err: error }, "database not reachable");
          return reply.status(503).send({ code: "NOT_READY", message: "The database is not reachable." });
        }
      },
    );

    // Loopback callers, or a scraper with the token; anyone else gets the same 404 as an unknown path.
    app.get("/metrics", { schema: { hide: true, response: { 200: metrics } } }, async (request, reply) => {
      const caller = { socketAddress: request.socket.remoteAddress, headers: request.headers };
      if (!metricsAllowed(caller, ctx.env.WATCHFLOOR_METRICS_TOKEN)) return reply.callNotFound();
      reply.header("content-type", registry.contentType);
      return registry.metrics();
    });
  };
