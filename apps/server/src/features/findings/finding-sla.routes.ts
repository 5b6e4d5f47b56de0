import { remediationSlaBodySchema, remediationSlaSavedSchema, remediationSlaSchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { listRemediationSla, saveRemediationSlaPolicies } from "./finding-sla.service";

const tags = ["findings"];

/** Remediation SLA: days to fix an open finding, per tenant and severity. */
export const findingSlaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/remediation-sla",
      {
        config: { policy: { access: "tenant", permission: "tenant.read" } },
        schema: { tags, response: { 200: remediationSlaSchema } },
      },
      async (request) => listRemediationSla(ctx, request.scope.tenantIds),
    );

    // Tenant settings are the owner's (tenant.manage), as for the alert SLA policies.
    app.put(
      "/remediation-sla",
      {
        config: { policy: { access: "tenant", permission: "tenant.manage" } },
        schema: { tags, body: remediationSlaBodySchema, response: { 200: remediationSlaSavedSchema } },
      },
      async (request) => saveRemediationSlaPolicies(ctx, request.scope, request.body),
    );
  };
