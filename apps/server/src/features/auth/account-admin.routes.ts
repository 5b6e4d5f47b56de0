import { adminPasswordResetBodySchema, okSchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { accountActorOf } from "../../http/auth-guard";
import * as service from "./account-admin.service";

const ok = okSchema;

/**
 * Administrators acting on another person's account (a forgotten password, a lost second
 * factor). The route needs members.manage somewhere; the service checks authority over every
 * tenant of the account (account-authority.ts).
 */
export const accountAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const manageMembers = { policy: { access: "tenant", permission: "members.manage" } } as const;

    app.post(
      "/users/:userId/password",
      {
        config: manageMembers,
        schema: {
          tags: ["tenants"],
          params: z.object({ userId: z.string() }),
          body: adminPasswordResetBodySchema,
          response: { 200: ok },
        },
      },
      async (request) => {
        await service.resetPassword(ctx, accountActorOf(request), request.params.userId, request.body.newPassword);
        return { ok: true as const };
      },
    );

    // A lost phone or key: an administrator with authority over the whole account removes its factors.
    app.delete(
      "/users/:userId/second-factors",
      { config: manageMembers, schema: { tags: ["tenants"], params: z.object({ userId: z.string() }), response: { 200: ok } } },
      async (request) => {
        await service.resetSecondFactors(ctx, accountActorOf(request), request.params.userId);
        return { ok: true as const };
      },
    );
  };
