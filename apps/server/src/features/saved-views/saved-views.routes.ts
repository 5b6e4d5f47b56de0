import { okSchema, type SavedView, savedViewBodySchema, savedViewListSchema, savedViewSchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { sessionAuth } from "../../http/auth-guard";
import { notFound } from "../../http/errors";
import { iso } from "../../lib/time";
import { newId } from "../../lib/tokens";
import * as repo from "./saved-views.repository";

const toView = (r: { id: string; name: string; query: string; created_at: number }): SavedView => ({
  id: r.id,
  name: r.name,
  query: r.query,
  createdAt: iso(r.created_at),
});

/** Saved list views belong to one person; they hold filters, never data. */
export const savedViewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { policy: { access: "user" } } as const;
    const tags = ["saved-views"];

    app.get("/saved-views", { config, schema: { tags, response: { 200: savedViewListSchema } } }, async (request) => ({
      items: (await repo.listSavedViews(ctx.db, sessionAuth(request).userId)).map(toView),
    }));

    app.post(
      "/saved-views",
      { config, schema: { tags, body: savedViewBodySchema, response: { 201: savedViewSchema } } },
      async (request, reply) => {
        const row = {
          id: newId(),
          user_id: sessionAuth(request).userId,
          name: request.body.name,
          query: request.body.query,
          created_at: ctx.now(),
        };
        await repo.insertSavedView(ctx.db, row);
        return reply.status(201).send(toView(row));
      },
    );

    app.delete(
      "/saved-views/:viewId",
      { config, schema: { tags, params: z.object({ viewId: z.string() }), response: { 200: okSchema } } },
      async (request) => {
        if (!(await repo.deleteSavedView(ctx.db, sessionAuth(request).userId, request.params.viewId)))
          throw notFound("Saved view");
        return { ok: true as const };
      },
    );
  };
