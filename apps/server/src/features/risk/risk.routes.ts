import { cloudPostureSchema, riskSummaryQuerySchema, riskSummarySchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { cloudPosture } from "./cloud-posture.service";
import { riskSummary } from "./risk.service";

export const riskRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // dashboards.read like the security overview: executives read risk without operational access.
    app.get(
      "/risk/summary",
      {
        config: { policy: { access: "tenant", permission: "dashboards.read" } },
        schema: {
          tags: ["risk"],
          description:
            "Executive Risk View: score with its factors, trend, top assets and risks with what would lower them, open findings by priority and age.",
          querystring: riskSummaryQuerySchema,
          response: { 200: riskSummarySchema },
        },
      },
      async (request) => riskSummary(ctx, request.scope.tenantIds, request.query.days),
    );
    app.get(
      "/risk/cloud-posture",
      {
        config: { policy: { access: "tenant", permission: "dashboards.read" } },
        schema: {
          tags: ["risk"],
          description: "Cloud assets (client environment Cloud) and their open findings.",
          response: { 200: cloudPostureSchema },
        },
      },
      async (request) => cloudPosture(ctx, request.scope.tenantIds),
    );
  };
