import { jobPageSchema, jobQuerySchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { jobHistory } from "./jobs.service";

/**
 * The job history (issue 19): background work of every server, for platform administrators
 * (jobs span tenants: retention, SLA checks, report schedules).
 */
export const jobRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/jobs",
      {
        config: { policy: { access: "platform" } },
        schema: {
          tags: ["jobs"],
          description: "Background jobs, newest first, with the queue's counts.",
          querystring: jobQuerySchema,
          response: { 200: jobPageSchema },
        },
      },
      async (request) => jobHistory(ctx, request.query),
    );
  };
