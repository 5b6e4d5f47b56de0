import { entitledModuleSchema, moduleRequestResultSchema, moduleSwitchBodySchema, tenantModulesSchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { actorOf } from "../../http/auth-guard";
import * as service from "./tenant-modules.service";

const moduleParams = z.object({ tenantId: z.string(), module: entitledModuleSchema });

/** Module entitlements: what each tenant has, the provider's switch, and members' requests (docs/modules.md). */
export const tenantModuleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Every member sees what their tenants have: module pages show data or the upgrade page from it.
    app.get(
      "/modules",
      {
        config: { policy: { access: "user" } },
        schema: { tags: ["tenants"], response: { 200: z.object({ items: z.array(tenantModulesSchema) }) } },
      },
      async (request) => ({ items: await service.listModules(ctx, request.scope.memberTenantIds) }),
    );

    // The provider's administrators switch modules; a tenant's own owner cannot buy itself one.
    app.put(
      "/tenants/:tenantId/modules/:module",
      {
        config: { policy: { access: "platform" } },
        schema: { tags: ["tenants"], params: moduleParams, body: moduleSwitchBodySchema, response: { 200: tenantModulesSchema } },
      },
      async (request) =>
        service.switchModule(ctx, actorOf(request), request.params.tenantId, request.params.module, request.body.enabled),
    );

    // A tenant's owners and admins ask for a module (a purchase decision); others see who can.
    app.post(
      "/tenants/:tenantId/modules/:module/request",
      {
        config: { policy: { access: "tenant", permission: "members.manage" } },
        schema: { tags: ["tenants"], params: moduleParams, response: { 200: moduleRequestResultSchema } },
      },
      async (request) =>
        service.requestModule(ctx, request.scope, actorOf(request), request.params.tenantId, request.params.module),
    );
  };
