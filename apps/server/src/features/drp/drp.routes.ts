import {
  lookalikesResponseSchema,
  watchedAssetAddedSchema,
  watchedAssetBodySchema,
  watchedAssetSchema,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { modulePolicies } from "../../http/module-policies";
import { actorOf } from "../../http/auth-guard";
import * as service from "./drp.service";

const watchedParams = z.object({ watchedId: z.string() });
const { read, write } = modulePolicies("drp");

/** Digital risk protection (docs/drp.md): watched brand assets and their look-alike domains. */
export const drpRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/drp/watched",
      { config: read, schema: { tags: ["drp"], response: { 200: z.object({ items: z.array(watchedAssetSchema) }) } } },
      async (request) => ({ items: await service.listWatched(ctx, request.scope) }),
    );

    app.post(
      "/drp/watched",
      { config: write, schema: { tags: ["drp"], body: watchedAssetBodySchema, response: { 201: watchedAssetAddedSchema } } },
      async (request, reply) =>
        reply.status(201).send(await service.addWatched(ctx, request.scope, actorOf(request), request.body)),
    );

    app.delete(
      "/drp/watched/:watchedId",
      { config: write, schema: { tags: ["drp"], params: watchedParams, response: { 200: z.object({ ok: z.literal(true) }) } } },
      async (request) => {
        await service.removeWatched(ctx, request.scope, request.params.watchedId);
        return { ok: true as const };
      },
    );

    app.get(
      "/drp/watched/:watchedId/lookalikes",
      { config: read, schema: { tags: ["drp"], params: watchedParams, response: { 200: lookalikesResponseSchema } } },
      async (request) => service.watchedLookalikes(ctx, request.scope, request.params.watchedId),
    );
  };
