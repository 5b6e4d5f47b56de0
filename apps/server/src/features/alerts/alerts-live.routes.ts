import { Readable } from "node:stream";
import { alertListQuerySchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { exportAlertsCsv } from "./alert-export";

const HEARTBEAT_MS = 25_000;

/** CSV export and the server-sent change feed: the two long-lived responses. */
export const alertLiveRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const read = { policy: { access: "tenant", permission: "tenant.read" } } as const;

    app.get("/alerts/export.csv", { config: read, schema: { tags: ["alerts"], querystring: alertListQuerySchema.omit({ cursor: true, limit: true }) } }, async (request, reply) => {
      const query = { ...request.query, limit: 1000 };
      const stamp = new Date(ctx.now()).toISOString().slice(0, 10);
      reply.header("content-type", "text/csv; charset=utf-8");
      reply.header("content-disposition", `attachment; filename="watchfloor-alerts-${stamp}.csv"`);
      return reply.send(Readable.from(exportAlertsCsv(ctx, request.scope.tenantIds, query)));
    });

    // One stream per tab: changes to alerts and incidents of the tenants in scope.
    app.get("/events", { config: read, schema: { tags: ["alerts"], hide: false } }, async (request, reply) => {
      const tenants = new Set(request.scope.tenantIds);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      res.write(`retry: 3000\n: connected\n\n`);
      const unsubscribe = ctx.events.subscribe((change) => {
        if (!tenants.has(change.tenantId)) return;
        res.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
      const close = () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
      request.raw.on("close", close);
      app.server.once("close", () => {
        close();
        res.end();
      });
    });
  };
