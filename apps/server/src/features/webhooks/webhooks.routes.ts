import {
  noContentResponse,
  webhookBodySchema,
  webhookDeliveryListSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookPatchSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { doerOf } from "../../http/actor";
import { modulePolicies } from "../../http/module-policies";
import * as service from "./webhooks.service";

const tags = ["automation"];
// Webhooks name endpoints and carry secrets: only those who manage automation see them.
const manage = modulePolicies("automation").needs("automation.manage");
const params = z.object({ webhookId: z.string().min(1).max(64) });

/** Outgoing webhooks and their delivery log (docs/automation.md, "Webhooks"). */
export const webhookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/automation/webhooks", { config: manage, schema: { tags, response: { 200: webhookListSchema } } }, async (request) =>
      service.listWebhooks(ctx, request.scope),
    );
    app.post(
      "/automation/webhooks",
      {
        config: manage,
        schema: {
          tags,
          description: "Adds a webhook; the answer holds its signing secret, shown this once.",
          body: webhookBodySchema,
          response: { 201: webhookWithSecretSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createWebhook(ctx, request.scope, await doerOf(ctx, request), request.body)),
    );
    app.patch(
      "/automation/webhooks/:webhookId",
      { config: manage, schema: { tags, params, body: webhookPatchSchema, response: { 200: webhookSchema } } },
      async (request) =>
        service.changeWebhook(ctx, request.scope, await doerOf(ctx, request), request.params.webhookId, request.body),
    );
    app.delete(
      "/automation/webhooks/:webhookId",
      {
        config: manage,
        schema: { tags, params, response: { 204: noContentResponse("The webhook is deleted with its delivery log.") } },
      },
      async (request, reply) => {
        await service.deleteWebhook(ctx, request.scope, await doerOf(ctx, request), request.params.webhookId);
        return reply.status(204).send(null);
      },
    );
    app.post(
      "/automation/webhooks/:webhookId/rotate",
      {
        config: manage,
        schema: {
          tags,
          description: "A new signing secret (shown once); the previous one also signs for 24 hours.",
          params,
          response: { 200: webhookWithSecretSchema },
        },
      },
      async (request) => service.rotateSecret(ctx, request.scope, await doerOf(ctx, request), request.params.webhookId),
    );
    app.post(
      "/automation/webhooks/:webhookId/test",
      {
        config: manage,
        schema: {
          tags,
          description: "Sends one signed test message now and logs it.",
          params,
          response: { 200: webhookDeliverySchema },
        },
      },
      async (request) => service.sendTest(ctx, request.scope, await doerOf(ctx, request), request.params.webhookId),
    );
    app.get(
      "/automation/deliveries",
      { config: manage, schema: { tags, querystring: webhookDeliveryQuerySchema, response: { 200: webhookDeliveryListSchema } } },
      async (request) => service.listDeliveries(ctx, request.scope, request.query),
    );
    app.post(
      "/automation/deliveries/:deliveryId/replay",
      {
        config: manage,
        schema: { tags, params: z.object({ deliveryId: z.string().min(1).max(80) }), response: { 200: webhookDeliverySchema } },
      },
      async (request) => service.replayDelivery(ctx, request.scope, request.params.deliveryId),
    );
  };
