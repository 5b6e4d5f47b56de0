import {
  mdrAcknowledgeBodySchema,
  mdrBoardSchema,
  mdrContactBodySchema,
  mdrContactSchema,
  mdrCoverageQuerySchema,
  mdrCoverageSchema,
  mdrEscalationBodySchema,
  mdrEscalationListSchema,
  mdrEscalationSchema,
  mdrEscalationSettingsSchema,
  mdrExpectedIntervalBodySchema,
  mdrHandoverBodySchema,
  mdrHandoverListSchema,
  mdrHandoverSchema,
  mdrListQuerySchema,
  mdrMatrixBodySchema,
  mdrReassignBodySchema,
  mdrReassignResultSchema,
  mdrScopeQuerySchema,
  mdrSourceComponentsBodySchema,
  mdrSourceHealthSchema,
  mdrSourcesSchema,
  mdrTenantQuerySchema,
  mdrWorkloadSchema,
  okSchema,
  textResponse,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { doerOf } from "../../http/actor";
import { modulePolicies } from "../../http/module-policies";
import { sendCsvExport } from "../../http/send-stream";
import { tenantsOf } from "../../http/tenant-scope";
import { iso } from "../../lib/time";
import * as board from "./mdr-board.service";
import * as detection from "./mdr-coverage.service";
import * as records from "./mdr-records.service";
import { reassign } from "./mdr-reassign.service";

const tags = ["mdr"];
const { read, write, needs } = modulePolicies("mdr");
// Contacts, matrix and expected intervals are the client's settings: owners and admins (docs/mdr.md).
const manage = needs("members.manage");
const id = z.string().trim().min(1).max(100);
const contactParam = z.object({ contactId: id });
const escalationParam = z.object({ escalationId: id });

const querystring = mdrScopeQuerySchema;

/** MDR (docs/mdr.md): the provider's service console. */
export const mdrRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/mdr/board", { config: read, schema: { tags, querystring, response: { 200: mdrBoardSchema } } }, async (request) =>
      board.board(ctx, tenantsOf(request.scope, request.query.tenantId)),
    );
    app.get(
      "/mdr/board/export.csv",
      {
        config: read,
        schema: {
          tags,
          querystring,
          response: { 200: textResponse("text/csv", "The client board as CSV, one row per tenant.") },
        },
      },
      async (request, reply) =>
        sendCsvExport(reply, "mdr-board", ctx.now(), board.boardCsv(ctx, tenantsOf(request.scope, request.query.tenantId))),
    );

    app.get(
      "/mdr/sources",
      { config: read, schema: { tags, querystring, response: { 200: mdrSourcesSchema } } },
      async (request) => {
        const now = ctx.now();
        return {
          asOf: iso(now),
          items: (await board.sourceHealth(ctx, tenantsOf(request.scope, request.query.tenantId), now)).map(board.sourceOut),
        };
      },
    );
    app.get(
      "/mdr/sources/export.csv",
      {
        config: read,
        schema: {
          tags,
          querystring,
          response: { 200: textResponse("text/csv", "Data-source health as CSV, one row per source.") },
        },
      },
      async (request, reply) =>
        sendCsvExport(reply, "mdr-sources", ctx.now(), board.sourcesCsv(ctx, tenantsOf(request.scope, request.query.tenantId))),
    );
    app.put(
      "/mdr/sources/expected",
      { config: manage, schema: { tags, body: mdrExpectedIntervalBodySchema, response: { 200: mdrSourceHealthSchema } } },
      async (request) => board.setExpectedInterval(ctx, request.scope, request.body),
    );

    app.get(
      "/mdr/coverage",
      { config: read, schema: { tags, querystring: mdrCoverageQuerySchema, response: { 200: mdrCoverageSchema } } },
      async (request) => detection.coverage(ctx, request.scope, request.query.tenantId),
    );
    app.put(
      "/mdr/sources/components",
      { config: manage, schema: { tags, body: mdrSourceComponentsBodySchema, response: { 200: mdrCoverageSchema } } },
      async (request) => detection.setSourceComponents(ctx, request.scope, request.body),
    );

    app.get(
      "/mdr/workload",
      { config: read, schema: { tags, querystring, response: { 200: mdrWorkloadSchema } } },
      async (request) => ({
        items: await board.workload(ctx, tenantsOf(request.scope, request.query.tenantId)),
      }),
    );
    app.post(
      "/mdr/workload/reassign",
      { config: write, schema: { tags, body: mdrReassignBodySchema, response: { 200: mdrReassignResultSchema } } },
      async (request) => reassign(ctx, request.scope, await doerOf(ctx, request), request.body),
    );

    app.get(
      "/mdr/handovers",
      { config: read, schema: { tags, querystring: mdrListQuerySchema, response: { 200: mdrHandoverListSchema } } },
      async (request) => records.listHandovers(ctx, request.scope, request.query),
    );
    app.post(
      "/mdr/handovers",
      { config: write, schema: { tags, body: mdrHandoverBodySchema, response: { 201: mdrHandoverSchema } } },
      async (request, reply) =>
        reply.code(201).send(await records.createHandover(ctx, request.scope, await doerOf(ctx, request), request.body)),
    );

    app.get(
      "/mdr/escalation-settings",
      { config: read, schema: { tags, querystring: mdrTenantQuerySchema, response: { 200: mdrEscalationSettingsSchema } } },
      async (request) => records.escalationSettings(ctx, request.scope, request.query.tenantId),
    );
    app.post(
      "/mdr/contacts",
      { config: manage, schema: { tags, body: mdrContactBodySchema, response: { 201: mdrContactSchema } } },
      async (request, reply) => reply.code(201).send(await records.addContact(ctx, request.scope, request.body)),
    );
    app.delete(
      "/mdr/contacts/:contactId",
      { config: manage, schema: { tags, params: contactParam, response: { 200: okSchema } } },
      async (request) => {
        await records.removeContact(ctx, request.scope, request.params.contactId);
        return { ok: true as const };
      },
    );
    app.put(
      "/mdr/escalation-matrix",
      { config: manage, schema: { tags, body: mdrMatrixBodySchema, response: { 200: mdrEscalationSettingsSchema } } },
      async (request) => records.setMatrix(ctx, request.scope, request.body),
    );

    app.get(
      "/mdr/escalations",
      { config: read, schema: { tags, querystring: mdrListQuerySchema, response: { 200: mdrEscalationListSchema } } },
      async (request) => records.listEscalations(ctx, request.scope, request.query),
    );
    app.post(
      "/mdr/escalations",
      { config: write, schema: { tags, body: mdrEscalationBodySchema, response: { 201: mdrEscalationSchema } } },
      async (request, reply) =>
        reply.code(201).send(await records.recordEscalation(ctx, request.scope, await doerOf(ctx, request), request.body)),
    );
    app.post(
      "/mdr/escalations/:escalationId/acknowledge",
      {
        config: write,
        schema: { tags, params: escalationParam, body: mdrAcknowledgeBodySchema, response: { 200: mdrEscalationSchema } },
      },
      async (request) => records.acknowledge(ctx, request.scope, request.params.escalationId, request.body),
    );
  };
