import {
  alertDetailResponseSchema,
  alertIngestedSchema,
  alertInputSchema,
  alertListQuerySchema,
  alertPageSchema,
  assignBodySchema,
  bulkBodySchema,
  bulkResultSchema,
  commentBodySchema,
  ingestOutcomeSchema,
  transitionBodySchema,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { ingestAlerts, ingestBulk, ingestedId } from "./alert-ingest.service";
import { ingestTenant } from "../../http/tenant-scope";
import * as service from "./alerts.service";
import { doerOf } from "../../http/actor";
import { closeIngestWorker } from "./ingest-pool";

const alertParams = z.object({ alertId: z.string() });
const detail = alertDetailResponseSchema;
const tenantQuery = z.object({ tenantId: z.string().optional() });

export const alertRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const read = { policy: { access: "tenant", permission: "tenant.read" } } as const;
    const write = { policy: { access: "tenant", permission: "data.write" } } as const;
    const ingest = { policy: { access: "tenant", permission: "data.write", apiKey: true } } as const;

    // The ingest worker belongs to the server: a closed server leaves no thread behind.
    app.addHook("onClose", closeIngestWorker);
    // NDJSON bodies arrive as bytes and are decoded and split (in the ingest worker when big) so a bad line is reported by number.
    app.addContentTypeParser("application/x-ndjson", { parseAs: "buffer", bodyLimit: 256 * 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    app.post(
      "/alerts",
      {
        config: ingest,
        schema: {
          tags: ["alerts"],
          querystring: tenantQuery,
          body: alertInputSchema,
          response: { 200: alertIngestedSchema, 201: alertIngestedSchema },
        },
      },
      async (request, reply) => {
        const tenantId = ingestTenant(request.scope, request.query.tenantId);
        const outcome = await ingestAlerts(ctx, tenantId, [request.body], await doerOf(ctx, request));
        return reply.status(outcome.created ? 201 : 200).send({ id: ingestedId(outcome), created: outcome.created === 1 });
      },
    );

    app.post(
      "/alerts/bulk",
      {
        config: ingest,
        schema: { tags: ["alerts"], querystring: tenantQuery, response: { 200: ingestOutcomeSchema } },
        bodyLimit: 256 * 1024 * 1024,
      },
      async (request) => {
        const tenantId = ingestTenant(request.scope, request.query.tenantId);
        return ingestBulk(ctx, tenantId, request.body, await doerOf(ctx, request));
      },
    );

    app.get(
      "/alerts",
      { config: read, schema: { tags: ["alerts"], querystring: alertListQuerySchema, response: { 200: alertPageSchema } } },
      async (request) => service.listAlerts(ctx, request.scope, request.query),
    );

    app.get(
      "/alerts/:alertId",
      { config: read, schema: { tags: ["alerts"], params: alertParams, response: { 200: detail } } },
      async (request) => service.getAlert(ctx, request.scope, request.params.alertId),
    );

    app.post(
      "/alerts/:alertId/transition",
      { config: write, schema: { tags: ["alerts"], params: alertParams, body: transitionBodySchema, response: { 200: detail } } },
      async (request) =>
        service.transitionAlert(ctx, request.scope, await doerOf(ctx, request), request.params.alertId, request.body),
    );

    app.post(
      "/alerts/:alertId/assign",
      { config: write, schema: { tags: ["alerts"], params: alertParams, body: assignBodySchema, response: { 200: detail } } },
      async (request) =>
        service.assignAlert(ctx, request.scope, await doerOf(ctx, request), request.params.alertId, request.body.assigneeUserId),
    );

    app.post(
      "/alerts/:alertId/comments",
      { config: write, schema: { tags: ["alerts"], params: alertParams, body: commentBodySchema, response: { 200: detail } } },
      async (request) =>
        service.commentOnAlert(ctx, request.scope, await doerOf(ctx, request), request.params.alertId, request.body.comment),
    );

    app.post(
      "/alerts/bulk-update",
      { config: write, schema: { tags: ["alerts"], body: bulkBodySchema, response: { 200: bulkResultSchema } } },
      async (request) => {
        const { ids, action } = request.body;
        return service.bulkAlerts(ctx, request.scope, await doerOf(ctx, request), ids, action);
      },
    );
  };
