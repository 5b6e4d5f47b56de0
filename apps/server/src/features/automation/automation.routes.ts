import {
  automationOrderBodySchema,
  automationRuleBodySchema,
  automationRuleListSchema,
  automationRuleSchema,
  automationRunListSchema,
  dryRunResultSchema,
  noContentResponse,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { doerOf } from "../../http/actor";
import { modulePolicies } from "../../http/module-policies";
import * as service from "./automation.service";

const tags = ["automation"];
const { read, needs } = modulePolicies("automation");
const manage = needs("automation.manage");
const params = z.object({ ruleId: z.string().min(1).max(64) });

/**
 * Automation rules (docs/automation.md): read by the tenants' members, written by owners and
 * admins (automation.manage) of every tenant a rule acts on; each change is audited.
 */
export const automationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/automation/rules",
      { config: read, schema: { tags, response: { 200: automationRuleListSchema } } },
      async (request) => service.listRules(ctx, request.scope),
    );
    app.post(
      "/automation/rules",
      { config: manage, schema: { tags, body: automationRuleBodySchema, response: { 201: automationRuleSchema } } },
      async (request, reply) =>
        reply.status(201).send(await service.createRule(ctx, request.scope, await doerOf(ctx, request), request.body)),
    );
    app.post(
      "/automation/rules/dry-run",
      {
        config: manage,
        schema: {
          tags,
          description:
            "What the rule would have matched among the last 7 days' alerts or incidents of its tenants; nothing is changed.",
          body: automationRuleBodySchema,
          response: { 200: dryRunResultSchema },
        },
      },
      async (request) => service.dryRun(ctx, request.scope, request.body),
    );
    app.post(
      "/automation/rules/order",
      { config: manage, schema: { tags, body: automationOrderBodySchema, response: { 200: automationRuleListSchema } } },
      async (request) => service.orderRules(ctx, request.scope, await doerOf(ctx, request), request.body.ruleIds),
    );
    app.get(
      "/automation/rules/:ruleId",
      { config: read, schema: { tags, params, response: { 200: automationRuleSchema } } },
      async (request) => service.getRule(ctx, request.scope, request.params.ruleId),
    );
    app.put(
      "/automation/rules/:ruleId",
      { config: manage, schema: { tags, params, body: automationRuleBodySchema, response: { 200: automationRuleSchema } } },
      async (request) => service.replaceRule(ctx, request.scope, await doerOf(ctx, request), request.params.ruleId, request.body),
    );
    app.patch(
      "/automation/rules/:ruleId",
      {
        config: manage,
        schema: { tags, params, body: z.strictObject({ enabled: z.boolean() }), response: { 200: automationRuleSchema } },
      },
      async (request) =>
        service.switchRule(ctx, request.scope, await doerOf(ctx, request), request.params.ruleId, request.body.enabled),
    );
    app.delete(
      "/automation/rules/:ruleId",
      {
        config: manage,
        schema: { tags, params, response: { 204: noContentResponse("The rule is deleted with its run history.") } },
      },
      async (request, reply) => {
        await service.deleteRule(ctx, request.scope, await doerOf(ctx, request), request.params.ruleId);
        return reply.status(204).send(null);
      },
    );
    app.get(
      "/automation/rules/:ruleId/runs",
      {
        config: read,
        schema: {
          tags,
          params,
          querystring: z.strictObject({
            cursor: z.string().max(500).optional(),
            limit: z.coerce.number().int().min(1).max(200).default(50),
          }),
          response: { 200: automationRunListSchema },
        },
      },
      async (request) => service.listRuns(ctx, request.scope, request.params.ruleId, request.query),
    );
  };
