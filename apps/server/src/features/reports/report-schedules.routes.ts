import {
  noContentResponse,
  reportScheduleBodySchema,
  reportScheduleEnabledSchema,
  reportScheduleListSchema,
  reportScheduleSchema,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { doerOf } from "../../http/actor";
import { createSchedule, listSchedules, removeSchedule, setEnabled } from "./report-schedules.service";

const params = z.object({ scheduleId: z.string().max(64) });

/**
 * Report schedules (docs/reports.md, "Schedules"): read by whoever may read the kind in every
 * tenant of a schedule; created, switched and deleted by owners and admins (reports.schedule).
 */
export const reportScheduleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ["reports"];
    const manage = { policy: { access: "tenant", permission: "reports.schedule" } } as const;
    app.get(
      "/reports/schedules",
      {
        config: { policy: { access: "tenant", permission: "dashboards.read" } },
        schema: { tags, description: "Report schedules with their latest runs.", response: { 200: reportScheduleListSchema } },
      },
      async (request) => listSchedules(ctx, request),
    );
    app.post(
      "/reports/schedules",
      {
        config: manage,
        schema: {
          tags,
          description: "Makes the report daily, weekly or monthly at a time in a time zone, archives it and mails it.",
          body: reportScheduleBodySchema,
          response: { 201: reportScheduleSchema },
        },
      },
      async (request, reply) => {
        const schedule = await createSchedule(ctx, request, request.body, (await doerOf(ctx, request)).name);
        return reply.status(201).send(schedule);
      },
    );
    app.patch(
      "/reports/schedules/:scheduleId",
      {
        config: manage,
        schema: { tags, params, body: reportScheduleEnabledSchema, response: { 200: reportScheduleSchema } },
      },
      async (request) => setEnabled(ctx, request, request.params.scheduleId, request.body.enabled),
    );
    app.delete(
      "/reports/schedules/:scheduleId",
      {
        config: manage,
        schema: {
          tags,
          params,
          response: { 204: noContentResponse("The schedule is deleted with its run history; archived reports stay.") },
        },
      },
      async (request, reply) => {
        await removeSchedule(ctx, request, request.params.scheduleId);
        return reply.status(204).send(null);
      },
    );
  };
