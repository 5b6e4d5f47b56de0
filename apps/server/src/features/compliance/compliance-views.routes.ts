import {
  complianceBreakdownQuerySchema,
  complianceBreakdownSchema,
  complianceControlQuerySchema,
  complianceControlSchema,
  complianceExceptionBodySchema,
  complianceExceptionListSchema,
  complianceExceptionSchema,
  complianceExceptionsQuerySchema,
  complianceFailingQuerySchema,
  complianceFrameworkSchema,
  complianceResultListSchema,
  complianceResultsQuerySchema,
  complianceTargetListSchema,
  complianceTargetsQuerySchema,
  complianceTrendQuerySchema,
  complianceTrendSchema,
  textResponse,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { modulePolicies } from "../../http/module-policies";
import { sendCsvExport } from "../../http/send-stream";
import { assertTenantInScope } from "../../http/tenant-scope";
import { exportEvidenceCsv, exportResultsCsv } from "./compliance-export";
import * as exceptions from "./compliance-exceptions.service";
import { exportFailingCsv, exportTargetsCsv } from "./compliance-lists-export";
import * as views from "./compliance-views.service";

const tags = ["compliance"];
const { read, needs } = modulePolicies("compliance");
const accept = needs("risk.accept");

/** What the compliance screens read (docs/compliance.md "Views"), and exceptions. */
export const complianceViewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/compliance/targets",
      {
        config: read,
        schema: { tags, querystring: complianceTargetsQuerySchema, response: { 200: complianceTargetListSchema } },
      },
      async (request) => views.listTargets(ctx, request.scope, request.query),
    );

    app.get(
      "/compliance/targets/export.csv",
      {
        config: read,
        schema: {
          tags,
          querystring: complianceTargetsQuerySchema.omit({ limit: true, offset: true }),
          response: { 200: textResponse("text/csv", "The filtered targets as CSV, one row per host, account or cluster.") },
        },
      },
      async (request, reply) =>
        sendCsvExport(
          reply,
          "compliance-targets",
          ctx.now(),
          exportTargetsCsv(ctx, request.scope, { ...request.query, limit: 1, offset: 0 }),
        ),
    );

    app.get(
      "/compliance/failing/export.csv",
      {
        config: read,
        schema: {
          tags,
          querystring: complianceFailingQuerySchema.omit({ limit: true, offset: true }),
          response: { 200: textResponse("text/csv", "The failing controls as CSV, one row per tool and control.") },
        },
      },
      async (request, reply) =>
        sendCsvExport(
          reply,
          "compliance-failing",
          ctx.now(),
          exportFailingCsv(ctx, request.scope, { ...request.query, limit: 1, offset: 0 }),
        ),
    );

    app.get(
      "/compliance/results",
      {
        config: read,
        schema: { tags, querystring: complianceResultsQuerySchema, response: { 200: complianceResultListSchema } },
      },
      async (request) => views.listResults(ctx, request.scope, request.query),
    );

    app.get(
      "/compliance/results/export.csv",
      {
        config: read,
        schema: {
          tags,
          querystring: complianceResultsQuerySchema.omit({ limit: true, offset: true }),
          response: { 200: textResponse("text/csv", "The filtered results as CSV, one row per control and resource.") },
        },
      },
      async (request, reply) => {
        // Refused before the first byte: a stream cannot turn into a 404 half-way.
        if (request.query.tenantId) assertTenantInScope(request.scope, request.query.tenantId);
        const query = { ...request.query, limit: 2000, offset: 0 };
        return sendCsvExport(reply, "compliance-results", ctx.now(), exportResultsCsv(ctx, request.scope.tenantIds, query));
      },
    );

    app.get(
      "/compliance/evidence.csv",
      {
        config: read,
        schema: {
          tags,
          querystring: z.object({ framework: complianceFrameworkSchema }),
          response: {
            200: textResponse(
              "text/csv",
              "A framework's evidence pack: every latest result mapped to it, its requirements, status and evidence.",
            ),
          },
        },
      },
      async (request, reply) =>
        sendCsvExport(
          reply,
          `evidence-${request.query.framework}`,
          ctx.now(),
          exportEvidenceCsv(ctx, request.scope.tenantIds, request.query.framework),
        ),
    );

    app.get(
      "/compliance/control",
      { config: read, schema: { tags, querystring: complianceControlQuerySchema, response: { 200: complianceControlSchema } } },
      async (request) => views.getControl(ctx, request.scope, request.query.tool, request.query.controlId),
    );

    app.get(
      "/compliance/breakdown",
      {
        config: read,
        schema: { tags, querystring: complianceBreakdownQuerySchema, response: { 200: complianceBreakdownSchema } },
      },
      async (request) => views.breakdown(ctx, request.scope, request.query),
    );

    app.get(
      "/compliance/trend",
      { config: read, schema: { tags, querystring: complianceTrendQuerySchema, response: { 200: complianceTrendSchema } } },
      async (request) => views.trend(ctx, request.scope, request.query),
    );

    app.get(
      "/compliance/exceptions",
      {
        config: read,
        schema: { tags, querystring: complianceExceptionsQuerySchema, response: { 200: complianceExceptionListSchema } },
      },
      async (request) => exceptions.listExceptions(ctx, request.scope, request.query),
    );

    app.post(
      "/compliance/exceptions",
      { config: accept, schema: { tags, body: complianceExceptionBodySchema, response: { 201: complianceExceptionSchema } } },
      async (request, reply) =>
        reply.status(201).send(await exceptions.createException(ctx, request.scope, request, request.body)),
    );

    app.delete(
      "/compliance/exceptions/:exceptionId",
      {
        config: accept,
        schema: {
          tags,
          params: z.object({ exceptionId: z.string().min(1).max(100) }),
          response: { 200: complianceExceptionSchema },
        },
      },
      async (request) => exceptions.revokeException(ctx, request.scope, request, request.params.exceptionId),
    );
  };
