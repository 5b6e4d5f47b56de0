import { alertListQuerySchema, textResponse } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { sendCsvExport } from "../../http/send-stream";
import { exportAlertsCsv } from "./alert-export";
import { serveLiveStream } from "./live-stream";

const csv = textResponse("text/csv", "The filtered alerts as CSV, one row per alert, at most 1,000.");
const stream = textResponse(
  "text/event-stream",
  "Server-sent events: `change` events whose data is a DataChange ({tenantId, kind, ids, action}), and keep-alive comments.",
);

/** CSV export and the server-sent change feed: the two long-lived responses. */
export const alertLiveRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const read = { policy: { access: "tenant", permission: "tenant.read" } } as const;

    app.get(
      "/alerts/export.csv",
      {
        config: read,
        schema: {
          tags: ["alerts"],
          querystring: alertListQuerySchema.omit({ cursor: true, limit: true }),
          response: { 200: csv },
        },
      },
      async (request, reply) => {
        const query = { ...request.query, limit: 1000 };
        return sendCsvExport(reply, "alerts", ctx.now(), exportAlertsCsv(ctx, request.scope.tenantIds, query));
      },
    );

    // One stream per tab: changes to alerts and incidents of the tenants in scope, ended when the
    // session, membership or key behind it changes (live-stream.ts).
    app.get("/events", { config: read, schema: { tags: ["alerts"], hide: false, response: { 200: stream } } }, (request, reply) =>
      serveLiveStream(ctx, app.server, request, reply),
    );
  };
