import {
  bulkResultSchema,
  commentBodySchema,
  escalateBodySchema,
  incidentBulkBodySchema,
  incidentCreateBodySchema,
  incidentDetailSchema,
  incidentExportQuerySchema,
  incidentListQuerySchema,
  incidentPageSchema,
  incidentUpdateBodySchema,
  textResponse,
  transitionBodySchema,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { doerOf } from "../../http/actor";
import { sendCsvExport } from "../../http/send-stream";
import { exportIncidentsCsv } from "./incidents-export";
import * as service from "./incidents.service";

const params = z.object({ incidentId: z.string() });
const detail = { 200: incidentDetailSchema };

export const incidentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const read = { policy: { access: "tenant", permission: "tenant.read" } } as const;
    const write = { policy: { access: "tenant", permission: "data.write" } } as const;

    app.get(
      "/incidents",
      {
        config: read,
        schema: { tags: ["incidents"], querystring: incidentListQuerySchema, response: { 200: incidentPageSchema } },
      },
      async (request) => service.listIncidents(ctx, request.scope, request.query),
    );
    app.get(
      "/incidents/export.csv",
      {
        config: read,
        schema: {
          tags: ["incidents"],
          querystring: incidentExportQuerySchema,
          response: { 200: textResponse("text/csv", "The filtered incidents as CSV, one row per incident.") },
        },
      },
      async (request, reply) => {
        return sendCsvExport(reply, "incidents", ctx.now(), exportIncidentsCsv(ctx, request.scope.tenantIds, request.query));
      },
    );
    app.post(
      "/incidents/bulk-update",
      { config: write, schema: { tags: ["incidents"], body: incidentBulkBodySchema, response: { 200: bulkResultSchema } } },
      async (request) =>
        service.bulkIncidents(ctx, request.scope, await doerOf(ctx, request), request.body.ids, request.body.action),
    );
    app.post(
      "/incidents",
      { config: write, schema: { tags: ["incidents"], body: incidentCreateBodySchema, response: { 201: incidentDetailSchema } } },
      async (request, reply) =>
        reply.status(201).send(await service.createIncident(ctx, request.scope, await doerOf(ctx, request), request.body)),
    );
    app.post(
      "/incidents/escalate",
      { config: write, schema: { tags: ["incidents"], body: escalateBodySchema, response: detail } },
      async (request) => service.escalate(ctx, request.scope, await doerOf(ctx, request), request.body),
    );
    app.get(
      "/incidents/:incidentId",
      { config: read, schema: { tags: ["incidents"], params, response: detail } },
      async (request) => service.getIncident(ctx, request.scope, request.params.incidentId),
    );
    app.patch(
      "/incidents/:incidentId",
      { config: write, schema: { tags: ["incidents"], params, body: incidentUpdateBodySchema, response: detail } },
      async (request) =>
        service.updateIncidentFields(ctx, request.scope, await doerOf(ctx, request), request.params.incidentId, request.body),
    );
    app.post(
      "/incidents/:incidentId/transition",
      { config: write, schema: { tags: ["incidents"], params, body: transitionBodySchema, response: detail } },
      async (request) =>
        service.transitionIncident(ctx, request.scope, await doerOf(ctx, request), request.params.incidentId, request.body),
    );
    app.post(
      "/incidents/:incidentId/comments",
      { config: write, schema: { tags: ["incidents"], params, body: commentBodySchema, response: detail } },
      async (request) =>
        service.commentOnIncident(
          ctx,
          request.scope,
          await doerOf(ctx, request),
          request.params.incidentId,
          request.body.comment,
        ),
    );
  };
