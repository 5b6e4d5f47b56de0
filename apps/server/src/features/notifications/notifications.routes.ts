import { notificationPageSchema, okSchema, updatedCountSchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { sessionAuth } from "../../http/auth-guard";
import { decodeCursor, encodeCursor } from "../../http/cursor";
import { notFound } from "../../http/errors";
import { iso, isoOrNull } from "../../lib/time";
import * as repo from "./notifications.repository";

export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { policy: { access: "user" } } as const;

    app.get(
      "/notifications",
      {
        config,
        schema: {
          tags: ["notifications"],
          querystring: z.object({
            filter: z.enum(["all", "unread"]).default("all"),
            limit: z.coerce.number().int().min(1).max(100).default(20),
            cursor: z.string().max(200).optional(),
          }),
          response: {
            200: notificationPageSchema,
          },
        },
      },
      async (request) => {
        const auth = sessionAuth(request);
        const { filter, limit, cursor } = request.query;
        const rows = await repo.listNotifications(ctx.db, auth.userId, request.scope.tenantIds, {
          unreadOnly: filter === "unread",
          limit: limit + 1,
          before: decodeCursor(cursor, "cursor"),
        });
        const page = rows.slice(0, limit);
        const last = page.at(-1);
        return {
          items: page.map((r) => ({
            id: r.id,
            kind: r.kind,
            message: r.message,
            link: r.link,
            tenantId: r.tenant_id,
            createdAt: iso(r.created_at),
            readAt: isoOrNull(r.read_at),
          })),
          unreadCount: await repo.countUnread(ctx.db, auth.userId, request.scope.tenantIds),
          nextCursor: rows.length > limit && last ? encodeCursor({ at: last.created_at, id: last.id }) : null,
        };
      },
    );

    app.post(
      "/notifications/:notificationId/read",
      {
        config,
        schema: { tags: ["notifications"], params: z.object({ notificationId: z.string() }), response: { 200: okSchema } },
      },
      async (request) => {
        const auth = sessionAuth(request);
        if (!(await repo.findNotification(ctx.db, auth.userId, request.params.notificationId))) throw notFound("Notification");
        await repo.markRead(ctx.db, auth.userId, [request.params.notificationId], ctx.now());
        return { ok: true as const };
      },
    );

    app.post(
      "/notifications/read-all",
      { config, schema: { tags: ["notifications"], response: { 200: updatedCountSchema } } },
      async (request) => ({ updated: await repo.markRead(ctx.db, sessionAuth(request).userId, "all", ctx.now()) }),
    );
  };
