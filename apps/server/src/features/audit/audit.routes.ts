import { auditEventSchema, auditPageSchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { decodeCursor, encodeCursor } from "../../http/cursor";
import { iso } from "../../lib/time";
import { listAudit } from "./audit.repository";

export const auditRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/audit",
      {
        config: { policy: { access: "tenant", permission: "audit.read" } },
        schema: {
          tags: ["audit"],
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(200).default(50),
            cursor: z.string().max(200).optional(),
            event: auditEventSchema.optional(),
          }),
          response: { 200: auditPageSchema },
        },
      },
      async (request) => {
        const { limit, cursor, event } = request.query;
        const rows = await listAudit(ctx.db, request.scope, { limit: limit + 1, before: decodeCursor(cursor, "cursor"), event });
        const page = rows.slice(0, limit);
        const last = page.at(-1);
        return {
          items: page.map((r) => ({
            id: r.id,
            at: iso(r.at),
            event: r.event,
            tenantId: r.tenant_id,
            actorUserId: r.actor_user_id,
            actorEmail: r.actor_email,
            ipAddress: r.ip_address,
            details: JSON.parse(r.details) as Record<string, unknown>,
          })),
          nextCursor: rows.length > limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
        };
      },
    );
  };
