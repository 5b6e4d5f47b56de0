import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import type { Registry } from "prom-client";
import type { AppContext } from "../../context";

/** Liveness, readiness and metrics sit outside /api/v1 for load balancers and scrapers. */
export const healthRoutes =
  (ctx: AppContext, registry: Registry): FastifyPluginAsync =>
  async (app) => {
    app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));

    app.get("/readyz", { schema: { hide: true } }, async (request, reply) => {
      try {
        await sql`select 1`.execute(ctx.db);
        return { status: "ready", database: ctx.dialect };
      } catch (error) {
        request.log.error({ err: error }, "database not reachable");
        return reply.status(503).send({ code: "NOT_READY", message: "The database is not reachable." });
      }
    });

    app.get("/metrics", { schema: { hide: true } }, async (_request, reply) => {
      reply.header("content-type", registry.contentType);
      return registry.metrics();
    });
  };
