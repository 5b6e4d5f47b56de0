import { dashboardQuerySchema, dashboardSummarySchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { dashboardSummary, resolveRange } from "./dashboard.service";

export const dashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // dashboards.read, not tenant.read: executives read the overview without operational access.
    app.get(
      "/dashboard/summary",
      {
        config: { policy: { access: "tenant", permission: "dashboards.read" } },
        schema: { tags: ["dashboard"], querystring: dashboardQuerySchema, response: { 200: dashboardSummarySchema } },
      },
      async (request) => dashboardSummary(ctx, request.scope.tenantIds, resolveRange(request.query, ctx.now())),
    );
  };
