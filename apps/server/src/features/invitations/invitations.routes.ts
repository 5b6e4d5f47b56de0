import {
  invitationCreateBodySchema,
  invitationCreatedSchema,
  invitationListSchema,
  invitationPreviewSchema,
  okSchema,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { actorOf } from "../../http/auth-guard";
import * as service from "./invitations.service";

export const invitationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { policy: { access: "tenant", permission: "members.manage" } } as const;

    app.get(
      "/invitations",
      { config, schema: { tags: ["members"], response: { 200: invitationListSchema } } },
      async (request) => ({ items: await service.listInvitations(ctx, request.scope) }),
    );

    app.post(
      "/invitations",
      { config, schema: { tags: ["members"], body: invitationCreateBodySchema, response: { 201: invitationCreatedSchema } } },
      async (request, reply) =>
        reply.status(201).send(await service.createInvitation(ctx, request.scope, actorOf(request), request.body)),
    );

    app.delete(
      "/invitations/:invitationId",
      { config, schema: { tags: ["members"], params: z.object({ invitationId: z.string() }), response: { 200: okSchema } } },
      async (request) => {
        await service.revokeInvitation(ctx, request.scope, actorOf(request), request.params.invitationId);
        return { ok: true as const };
      },
    );

    app.post(
      "/invitations/accept",
      {
        config: { policy: { access: "user" } },
        schema: { tags: ["members"], body: z.object({ token: z.string().min(10).max(200) }), response: { 200: okSchema } },
      },
      async (request) => {
        await service.acceptAsMember(ctx, actorOf(request), request.body.token);
        return { ok: true as const };
      },
    );

    // Public: the sign-up page reads the invitation its link carries.
    app.get(
      "/auth/invitation",
      {
        config: { policy: { access: "public" } },
        schema: {
          tags: ["auth"],
          querystring: z.object({ token: z.string().min(10).max(200) }),
          response: { 200: invitationPreviewSchema },
        },
      },
      async (request) => service.previewInvitation(ctx, request.query.token),
    );
  };
