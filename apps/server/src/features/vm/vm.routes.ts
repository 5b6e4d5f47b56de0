import {
  textResponse,
  vmAcceptanceCreateSchema,
  vmAcceptanceListSchema,
  vmAcceptanceSchema,
  vmCampaignCreateSchema,
  vmCampaignDetailSchema,
  vmCampaignListSchema,
  vmCampaignParamsSchema,
  vmFixGroupListSchema,
  vmFixGroupsQuerySchema,
  vmOverviewSchema,
  vmQuerySchema,
  vmTicketSchema,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { doerOf } from "../../http/actor";
import { modulePolicies } from "../../http/module-policies";
import { publicBase } from "../../http/public-url";
import { sendCsvExport } from "../../http/send-stream";
import { csvField } from "../../lib/csv";
import * as acceptances from "./vm-acceptances.service";
import * as service from "./vm.service";

const tags = ["vm"];
const { read, write, needs } = modulePolicies("vm");
const accept = needs("risk.accept");
const csv = textResponse("text/csv", "Campaigns in Jira's CSV import format, one issue per campaign, each with a link back.");

/** VM, the vulnerability-management programme (docs/vm.md), over the vulnerable-asset list's findings. */
export const vmRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/vm/overview",
      { config: read, schema: { tags, querystring: vmQuerySchema, response: { 200: vmOverviewSchema } } },
      async (request) => service.overview(ctx, request.scope, request.query.tenantId),
    );

    app.get(
      "/vm/fix-groups",
      { config: read, schema: { tags, querystring: vmFixGroupsQuerySchema, response: { 200: vmFixGroupListSchema } } },
      async (request) => service.fixGroups(ctx, request.scope, request.query),
    );

    app.get(
      "/vm/campaigns",
      { config: read, schema: { tags, querystring: vmQuerySchema, response: { 200: vmCampaignListSchema } } },
      async (request) => service.listCampaigns(ctx, request.scope, request.query.tenantId),
    );

    app.post(
      "/vm/campaigns",
      { config: write, schema: { tags, body: vmCampaignCreateSchema, response: { 201: vmCampaignDetailSchema } } },
      async (request, reply) => {
        const created = await service.createCampaign(ctx, request.scope, await doerOf(ctx, request), request.body);
        return reply.code(201).send(created);
      },
    );

    app.get(
      "/vm/campaigns/export.csv",
      { config: read, schema: { tags, querystring: vmQuerySchema, response: { 200: csv } } },
      async (request, reply) => {
        const rows = await service.jiraCsv(ctx, request.scope, publicBase(ctx, request), request.query.tenantId);
        const lines = rows.map((r) => `${r.map(csvField).join(",")}\r\n`);
        return sendCsvExport(
          reply,
          "vm-campaigns-jira",
          ctx.now(),
          (async function* () {
            yield* lines;
          })(),
        );
      },
    );

    app.get(
      "/vm/campaigns/:campaignId",
      { config: read, schema: { tags, params: vmCampaignParamsSchema, response: { 200: vmCampaignDetailSchema } } },
      async (request) => service.campaign(ctx, request.scope, request.params.campaignId),
    );

    app.get(
      "/vm/campaigns/:campaignId/ticket",
      { config: read, schema: { tags, params: vmCampaignParamsSchema, response: { 200: vmTicketSchema } } },
      async (request) => service.ticket(ctx, request.scope, request.params.campaignId, publicBase(ctx, request)),
    );

    app.get(
      "/vm/acceptances",
      { config: read, schema: { tags, querystring: vmQuerySchema, response: { 200: vmAcceptanceListSchema } } },
      async (request) => acceptances.listAcceptances(ctx, request.scope, request.query.tenantId),
    );

    app.post(
      "/vm/acceptances",
      { config: accept, schema: { tags, body: vmAcceptanceCreateSchema, response: { 201: vmAcceptanceSchema } } },
      async (request, reply) =>
        reply.code(201).send(await acceptances.acceptRisk(ctx, request.scope, await doerOf(ctx, request), request.body)),
    );
  };
