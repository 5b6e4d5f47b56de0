import {
  bulkResultSchema,
  findingAssignBodySchema,
  findingBulkBodySchema,
  findingCommentBodySchema,
  findingDetailSchema,
  findingExportQuerySchema,
  findingListQuerySchema,
  findingPageSchema,
  findingStatusBodySchema,
  textResponse,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { doerOf } from "../../http/actor";
import { sendCsvExport } from "../../http/send-stream";
import { exportFindingsCsv } from "./findings-export";
import * as service from "./findings.service";

const findingParams = z.object({ findingId: z.string() });
const tags = ["findings"];
const csv = textResponse("text/csv", "The filtered findings as CSV, one row per finding.");

/** The vulnerable-asset list (Risk > Vulnerabilities): findings with their assets, and their workflow. */
export const findingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const read = { policy: { access: "tenant", permission: "tenant.read" } } as const;
    const write = { policy: { access: "tenant", permission: "data.write" } } as const;

    app.get(
      "/findings",
      { config: read, schema: { tags, querystring: findingListQuerySchema, response: { 200: findingPageSchema } } },
      async (request) => service.listFindings(ctx, request.scope, request.query),
    );

    app.get(
      "/findings/export.csv",
      { config: read, schema: { tags, querystring: findingExportQuerySchema, response: { 200: csv } } },
      async (request, reply) => {
        return sendCsvExport(reply, "findings", ctx.now(), exportFindingsCsv(ctx, request.scope.tenantIds, request.query));
      },
    );

    app.get(
      "/findings/:findingId",
      { config: read, schema: { tags, params: findingParams, response: { 200: findingDetailSchema } } },
      async (request) => service.getFinding(ctx, request.scope, request.params.findingId),
    );

    app.post(
      "/findings/:findingId/status",
      {
        config: write,
        schema: { tags, params: findingParams, body: findingStatusBodySchema, response: { 200: findingDetailSchema } },
      },
      async (request) =>
        service.changeFindingStatus(ctx, request.scope, await doerOf(ctx, request), request.params.findingId, request.body),
    );

    app.post(
      "/findings/:findingId/assign",
      {
        config: write,
        schema: { tags, params: findingParams, body: findingAssignBodySchema, response: { 200: findingDetailSchema } },
      },
      async (request) =>
        service.assignFinding(
          ctx,
          request.scope,
          await doerOf(ctx, request),
          request.params.findingId,
          request.body.assigneeUserId,
        ),
    );

    app.post(
      "/findings/:findingId/comments",
      {
        config: write,
        schema: { tags, params: findingParams, body: findingCommentBodySchema, response: { 200: findingDetailSchema } },
      },
      async (request) =>
        service.commentOnFinding(ctx, request.scope, await doerOf(ctx, request), request.params.findingId, request.body.comment),
    );

    app.post(
      "/findings/bulk",
      { config: write, schema: { tags, body: findingBulkBodySchema, response: { 200: bulkResultSchema } } },
      async (request) => service.bulkFindings(ctx, request.scope, await doerOf(ctx, request), request.body),
    );
  };
