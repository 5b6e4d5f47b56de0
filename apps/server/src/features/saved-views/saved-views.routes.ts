import { okSchema, savedViewBodySchema, savedViewListSchema, savedViewQuerySchema, savedViewSchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { sessionAuth } from "../../http/auth-guard";
import { deleteView, savedViews, saveView } from "./saved-views.service";

/** Saved list views belong to one person; they hold filters, never data. */
export const savedViewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { policy: { access: "user" } } as const;
    const tags = ["saved-views"];

    app.get(
      "/saved-views",
      { config, schema: { tags, querystring: savedViewQuerySchema, response: { 200: savedViewListSchema } } },
      async (request) => savedViews(ctx, sessionAuth(request).userId, request.query.list),
    );

    app.post(
      "/saved-views",
      { config, schema: { tags, body: savedViewBodySchema, response: { 201: savedViewSchema } } },
      async (request, reply) => reply.status(201).send(await saveView(ctx, sessionAuth(request).userId, request.body)),
    );

    app.delete(
      "/saved-views/:viewId",
      { config, schema: { tags, params: z.object({ viewId: z.string() }), response: { 200: okSchema } } },
      async (request) => deleteView(ctx, sessionAuth(request).userId, request.params.viewId),
    );
  };
