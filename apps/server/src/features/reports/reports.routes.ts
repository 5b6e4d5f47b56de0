import {
  executiveReportSchema,
  incidentDocumentQuerySchema,
  incidentDocumentSchema,
  incidentsReportSchema,
  type ReportKind,
  reportKindPermission,
  reportQuerySchema,
  serviceReportSchema,
  threatReportSchema,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { doerOf } from "../../http/actor";
import { executiveReport } from "./executive-report.service";
import { incidentDocument, incidentsReport } from "./incidents-report.service";
import { reportInput, reportTimeZone } from "./report-params";
import { serviceReport } from "./service-report.service";
import { threatReport } from "./threat-report.service";

const incidentParams = z.object({ incidentId: z.string().max(64) });

/**
 * Reports as JSON (`GET /reports/{kind}`), with the same parameters for every kind. Each kind
 * is read with the permission of the pages it summarises (reportKindPermission).
 */
export const reportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = (kind: ReportKind) => ({ policy: { access: "tenant", permission: reportKindPermission[kind] } }) as const;
    const tags = ["reports"];

    app.get(
      "/reports/executive",
      { config: config("executive"), schema: { tags, querystring: reportQuerySchema, response: { 200: executiveReportSchema } } },
      async (request) =>
        executiveReport(ctx, await reportInput(ctx, request.scope, request.query, (await doerOf(ctx, request)).name)),
    );
    app.get(
      "/reports/service",
      { config: config("service"), schema: { tags, querystring: reportQuerySchema, response: { 200: serviceReportSchema } } },
      async (request) =>
        serviceReport(ctx, await reportInput(ctx, request.scope, request.query, (await doerOf(ctx, request)).name)),
    );
    app.get(
      "/reports/incidents",
      { config: config("incidents"), schema: { tags, querystring: reportQuerySchema, response: { 200: incidentsReportSchema } } },
      async (request) =>
        incidentsReport(ctx, await reportInput(ctx, request.scope, request.query, (await doerOf(ctx, request)).name)),
    );
    app.get(
      "/reports/incidents/:incidentId/document",
      {
        config: config("incidents"),
        schema: {
          tags,
          params: incidentParams,
          querystring: incidentDocumentQuerySchema,
          response: { 200: incidentDocumentSchema },
        },
      },
      async (request) =>
        incidentDocument(
          ctx,
          request.scope,
          request.params.incidentId,
          reportTimeZone(request.query.tz),
          (await doerOf(ctx, request)).name,
        ),
    );
    app.get(
      "/reports/threat",
      { config: config("threat"), schema: { tags, querystring: reportQuerySchema, response: { 200: threatReportSchema } } },
      async (request) =>
        threatReport(ctx, await reportInput(ctx, request.scope, request.query, (await doerOf(ctx, request)).name)),
    );
  };
