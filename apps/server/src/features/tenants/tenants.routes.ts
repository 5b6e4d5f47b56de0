import {
  memberListSchema,
  okSchema,
  roleChangeBodySchema,
  tenantCreateBodySchema,
  tenantListSchema,
  tenantRetentionSchema,
  tenantSchema,
  tenantSecurityPolicySchema,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { actorOf, sessionAuth } from "../../http/auth-guard";
import * as service from "./tenants.service";

const ok = okSchema;
const tenantParams = z.object({ tenantId: z.string() });
const memberParams = z.object({ tenantId: z.string(), userId: z.string() });

export const tenantRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const manageMembers = { policy: { access: "tenant", permission: "members.manage" } } as const;

    // Every tenant the caller belongs to, whatever the role: this feeds the tenant picker.
    app.get(
      "/tenants",
      { config: { policy: { access: "user" } }, schema: { tags: ["tenants"], response: { 200: tenantListSchema } } },
      async (request) => ({ items: await service.listTenants(ctx, sessionAuth(request).userId, request.scope.memberTenantIds) }),
    );

    app.post(
      "/tenants",
      {
        config: { policy: { access: "platform" } },
        schema: { tags: ["tenants"], body: tenantCreateBodySchema, response: { 201: tenantSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.createTenant(ctx, actorOf(request), request.body)),
    );

    app.patch(
      "/tenants/:tenantId",
      {
        config: { policy: { access: "tenant", permission: "tenant.manage" } },
        schema: {
          tags: ["tenants"],
          params: tenantParams,
          // Modules are the provider's to switch (PUT /tenants/{tenantId}/modules/{module}), not the tenant owner's.
          body: z.object({ name: z.string().trim().min(1).max(80).optional() }),
          response: { 200: ok },
        },
      },
      async (request) => {
        await service.updateTenant(ctx, request.scope, request.params.tenantId, request.body);
        return { ok: true as const };
      },
    );

    app.get(
      "/tenants/:tenantId/members",
      { config: manageMembers, schema: { tags: ["tenants"], params: tenantParams, response: { 200: memberListSchema } } },
      async (request) => ({ items: await service.listMembers(ctx, request.scope, request.params.tenantId) }),
    );

    app.patch(
      "/tenants/:tenantId/members/:userId",
      {
        config: manageMembers,
        schema: { tags: ["tenants"], params: memberParams, body: roleChangeBodySchema, response: { 200: ok } },
      },
      async (request) => {
        const { tenantId, userId } = request.params;
        await service.changeRole(ctx, request.scope, actorOf(request), tenantId, userId, request.body.role);
        return { ok: true as const };
      },
    );

    app.delete(
      "/tenants/:tenantId/members/:userId",
      { config: manageMembers, schema: { tags: ["tenants"], params: memberParams, response: { 200: ok } } },
      async (request) => {
        const { tenantId, userId } = request.params;
        await service.removeMember(ctx, request.scope, actorOf(request), tenantId, userId);
        return { ok: true as const };
      },
    );

    // Owners (tenant.manage) decide how long the tenant's data is kept.
    app.put(
      "/tenants/:tenantId/retention",
      {
        config: { policy: { access: "tenant", permission: "tenant.manage" } },
        schema: {
          tags: ["tenants"],
          params: tenantParams,
          body: tenantRetentionSchema,
          response: { 200: tenantRetentionSchema },
        },
      },
      async (request) => service.setRetention(ctx, request.scope, actorOf(request), request.params.tenantId, request.body),
    );

    // Owners (tenant.manage) decide whether members must use a second factor.
    app.put(
      "/tenants/:tenantId/security-policy",
      {
        config: { policy: { access: "tenant", permission: "tenant.manage" } },
        schema: {
          tags: ["tenants"],
          params: tenantParams,
          body: tenantSecurityPolicySchema,
          response: { 200: tenantSecurityPolicySchema },
        },
      },
      async (request) => service.setSecurityPolicy(ctx, request.scope, actorOf(request), request.params.tenantId, request.body),
    );
  };
