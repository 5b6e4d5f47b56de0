import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { sessionAuth } from "../../http/auth-guard";
import { notFound } from "../../http/errors";
import { iso } from "../../lib/time";
import { newId } from "../../lib/tokens";

const viewSchema = z.object({
  name: z.string().trim().min(1, "Name the view.").max(80),
  /** The list's URL query string (filters, sort, columns) as the web app wrote it. */
  query: z.string().max(4000),
});

/** Saved list views belong to one person; they hold filters, never data. */
export const savedViewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { policy: { access: "user" } } as const;

    app.get("/saved-views", { config, schema: { tags: ["alerts"] } }, async (request) => {
      const rows = await ctx.db.selectFrom("saved_views").selectAll().where("user_id", "=", sessionAuth(request).userId).orderBy("name").execute();
      return { items: rows.map((r) => ({ id: r.id, name: r.name, query: r.query, createdAt: iso(r.created_at) })) };
    });

    app.post("/saved-views", { config, schema: { tags: ["alerts"], body: viewSchema } }, async (request, reply) => {
      const row = { id: newId(), user_id: sessionAuth(request).userId, name: request.body.name, query: request.body.query, created_at: ctx.now() };
      await ctx.db.insertInto("saved_views").values(row).execute();
      return reply.status(201).send({ id: row.id, name: row.name, query: row.query, createdAt: iso(row.created_at) });
    });

    app.delete("/saved-views/:viewId", { config, schema: { tags: ["alerts"], params: z.object({ viewId: z.string() }) } }, async (request) => {
      const result = await ctx.db.deleteFrom("saved_views").where("id", "=", request.params.viewId).where("user_id", "=", sessionAuth(request).userId).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound("Saved view");
      return { ok: true as const };
    });
  };
