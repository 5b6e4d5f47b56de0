import { mapPointsSchema, mapQuerySchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { resolveRange } from "../dashboard/dashboard.service";
import { mapPoints } from "./map.service";

export const mapRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // dashboards.read like the overview it sits beside: executives see the map without triage access.
    app.get(
      "/map/points",
      {
        config: { policy: { access: "tenant", permission: "dashboards.read" } },
        schema: { tags: ["map"], querystring: mapQuerySchema, response: { 200: mapPointsSchema } },
      },
      async (request) => mapPoints(ctx, request.scope.tenantIds, resolveRange(request.query, ctx.now())),
    );
  };
