import { alertStatsSchema, defaultSlaMinutes, okSchema, priorities, prioritySchema, slaPoliciesSchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { assertTenantInScope } from "../../http/tenant-scope";
import { invalid } from "../../http/errors";
import { days } from "../../lib/time";
import { alertStats } from "./alert-stats.repository";
import { policyFor } from "./sla";
import { saveSlaPolicy, slaPolicies } from "./sla-policies.repository";

const minutes = z
  .number()
  .int()
  .min(1)
  .max(60 * 24 * 90);
const policyBody = z.object({
  policies: z
    .array(z.object({ priority: prioritySchema, ack: minutes, respond: minutes, resolve: minutes }))
    .min(1)
    .max(4),
});
const round = (n: number | null) => (n == null ? null : Math.round(n * 10) / 10);
const share = (met: number, total: number) => (Number(total) ? Math.round((Number(met) / Number(total)) * 1000) / 10 : null);

export const slaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/sla-policies",
      {
        config: { policy: { access: "tenant", permission: "tenant.read" } },
        schema: { tags: ["sla"], response: { 200: slaPoliciesSchema } },
      },
      async (request) => {
        const items = [];
        for (const tenantId of request.scope.tenantIds) {
          const own = await slaPolicies(ctx.db, tenantId);
          for (const priority of priorities)
            items.push({ tenantId, priority, ...policyFor(priority, own), custom: own.has(priority) });
        }
        return { items, defaults: defaultSlaMinutes };
      },
    );

    app.put(
      "/sla-policies/:tenantId",
      {
        config: { policy: { access: "tenant", permission: "tenant.manage" } },
        schema: { tags: ["sla"], params: z.object({ tenantId: z.string() }), body: policyBody, response: { 200: okSchema } },
      },
      async (request) => {
        assertTenantInScope(request.scope, request.params.tenantId);
        for (const [i, p] of request.body.policies.entries()) {
          if (!(p.ack <= p.respond && p.respond <= p.resolve))
            throw invalid(`policies.${i}`, "needs acknowledge <= respond <= resolve minutes");
        }
        for (const p of request.body.policies) await saveSlaPolicy(ctx.db, request.params.tenantId, p.priority, p);
        return { ok: true as const };
      },
    );

    app.get(
      "/alerts/stats",
      {
        config: { policy: { access: "tenant", permission: "dashboards.read" } },
        schema: {
          tags: ["sla"],
          querystring: z.object({
            by: z.enum(["tenant", "priority", "assignee"]).default("tenant"),
            from: z.iso.datetime({ offset: true }).optional(),
            to: z.iso.datetime({ offset: true }).optional(),
          }),
          response: { 200: alertStatsSchema },
        },
      },
      async (request) => {
        const to = request.query.to ? Date.parse(request.query.to) : ctx.now();
        const from = request.query.from ? Date.parse(request.query.from) : to - days(30);
        const rows = await alertStats(ctx.db, request.scope.tenantIds, from, to, request.query.by);
        return {
          by: request.query.by,
          from: new Date(from).toISOString(),
          to: new Date(to).toISOString(),
          items: rows.map((r) => ({
            key: r.key,
            alerts: Number(r.alerts),
            mttaMinutes: round(r.mtta == null ? null : Number(r.mtta)),
            mttrMinutes: round(r.mttr == null ? null : Number(r.mttr)),
            ackMetPercent: share(r.ack_met, r.acked),
            respondMetPercent: share(r.respond_met, r.responded),
          })),
        };
      },
    );
  };
