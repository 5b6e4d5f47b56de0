import { apiKeyCreateBodySchema, apiKeyCreatedSchema, apiKeyListSchema, apiKeySchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { actorOf } from "../../http/auth-guard";
import * as service from "./api-keys.service";

export const apiKeyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const policy = { access: "tenant", permission: "keys.manage" } as const;

    app.get(
      "/api-keys",
      { config: { policy }, schema: { tags: ["api keys"], response: { 200: apiKeyListSchema } } },
      async (request) => ({ items: await service.listKeys(ctx, request.scope) }),
    );

    app.post(
      "/api-keys",
      {
        config: { policy },
        schema: { tags: ["api keys"], body: apiKeyCreateBodySchema, response: { 201: apiKeyCreatedSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createKey(ctx, request.scope, actorOf(request), request.body)),
    );

    app.delete(
      "/api-keys/:keyId",
      {
        config: { policy },
        schema: { tags: ["api keys"], params: z.object({ keyId: z.string() }), response: { 200: apiKeySchema } },
      },
      async (request) => service.revokeKey(ctx, request.scope, actorOf(request), request.params.keyId),
    );
  };
