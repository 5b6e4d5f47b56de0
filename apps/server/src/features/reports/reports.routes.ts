import {
  complianceFrameworkSchema,
  fileResponse,
  incidentDocumentCsvQuerySchema,
  incidentDocumentQuerySchema,
  incidentDocumentSchema,
  noContentResponse,
  reportArchivePageSchema,
  reportArchiveQuerySchema,
  reportCsvQuerySchema,
  type ReportKind,
  reportKindPermission,
  reportKinds,
  reportQuerySchema,
  reportTables,
  textResponse,
} from "@watchfloor/shared";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { doerOf } from "../../http/actor";
import { invalid } from "../../http/errors";
import { modulePolicies } from "../../http/module-policies";
import { evidencePackPdf } from "./evidence-pack";
import { incidentDocument } from "./incidents-report.service";
import { archivedFile, archiveReport, deleteArchived, listArchive, makerOf } from "./report-archive.service";
import { makeArchivedPdf, reportFileName, reportMakers, slug } from "./report-kinds.service";
import { reportBrand } from "../settings/branding.service";
import { reportInput, reportTimeZone } from "./report-params";
import { incidentDocumentPdf } from "./report-pdf";
import { incidentDocumentTables, type ReportTable, tableCsv } from "./report-tables";
import { layerFileName, threatLayer } from "./threat-report.service";

const incidentParams = z.object({ incidentId: z.string().max(64) });
const archiveParams = z.object({ reportId: z.string().max(64) });

function download(reply: FastifyReply, content: Buffer | string, type: string, name: string) {
  reply.header("content-type", type);
  reply.header("content-disposition", `attachment; filename="${name}"`);
  return reply.send(content);
}

/** The table of that name, or a 400 listing the ones the report has. */
function pick(tables: ReportTable[], name: string): ReportTable {
  const found = tables.find((t) => t.name === name);
  if (!found) throw invalid("table", `must be one of ${tables.map((t) => t.name).join(", ")}`);
  return found;
}

const checkTable = (set: keyof typeof reportTables, name: string) => {
  if (!(reportTables[set] as readonly string[]).includes(name))
    throw invalid("table", `must be one of ${reportTables[set].join(", ")}`);
};

/**
 * Reports as JSON (`GET /reports/{kind}`), PDF (`.pdf`, archived and audited) and CSV tables
 * (`.csv?table=`), with the same parameters for every kind; one incident as a document; the
 * threat report's Navigator layer; and the archive. Each kind is read with the permission of
 * the pages it summarises (reportKindPermission in packages/shared/src/reports.ts).
 */
export const reportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = (kind: ReportKind) => ({ policy: { access: "tenant", permission: reportKindPermission[kind] } }) as const;
    const tags = ["reports"];

    const kinds = reportMakers(ctx);

    for (const kind of reportKinds) {
      const handler = kinds[kind];
      app.get(
        `/reports/${kind}`,
        {
          config: config(kind),
          schema: {
            tags,
            description: `The ${kind} report as JSON.`,
            querystring: reportQuerySchema,
            response: { 200: handler.schema },
          },
        },
        async (request) =>
          (await handler.json(await reportInput(ctx, request.scope, request.query, (await doerOf(ctx, request)).name))) as never,
      );

      app.get(
        `/reports/${kind}.pdf`,
        {
          config: config(kind),
          schema: {
            tags,
            description: `The ${kind} report as a PDF; kept in the archive and audited.`,
            querystring: reportQuerySchema,
            response: { 200: fileResponse("application/pdf", `The ${kind} report.`) },
          },
        },
        async (request, reply) => {
          const doer = await doerOf(ctx, request);
          const input = await reportInput(ctx, request.scope, request.query, doer.name);
          const { id, fileName: name, pdf } = await makeArchivedPdf(ctx, kind, input, makerOf(request, doer.name));
          reply.header("x-report-id", id);
          return download(reply, pdf, "application/pdf", name);
        },
      );

      app.get(
        `/reports/${kind}.csv`,
        {
          config: config(kind),
          schema: {
            tags,
            description: `One table of the ${kind} report as CSV (table=${reportTables[kind].join("|")}).`,
            querystring: reportCsvQuerySchema,
            response: { 200: textResponse("text/csv", "One table of the report.") },
          },
        },
        async (request, reply) => {
          checkTable(kind, request.query.table);
          const { table: name, ...query } = request.query;
          const input = await reportInput(ctx, request.scope, query, (await doerOf(ctx, request)).name);
          const table = pick(await handler.tables(input, name), name);
          return download(
            reply,
            tableCsv(table, input.period.previous.label),
            "text/csv; charset=utf-8",
            reportFileName(kind, input, "csv", name),
          );
        },
      );
    }

    app.get(
      "/reports/threat/layer.json",
      {
        config: config("threat"),
        schema: {
          tags,
          description: "The threat report period's ATT&CK Navigator layer.",
          querystring: reportQuerySchema,
          response: {
            200: textResponse("application/json", "An ATT&CK Navigator layer file (the same shape as GET /attack/layer)."),
          },
        },
      },
      async (request, reply) => {
        const input = await reportInput(ctx, request.scope, request.query, (await doerOf(ctx, request)).name);
        return download(reply, JSON.stringify(await threatLayer(ctx, input), null, 2), "application/json", layerFileName(input));
      },
    );

    // One incident as a document: the incident page's access rules (another tenant's is 404).
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
      "/reports/incidents/:incidentId/document.pdf",
      {
        config: config("incidents"),
        schema: {
          tags,
          params: incidentParams,
          querystring: incidentDocumentQuerySchema,
          response: { 200: fileResponse("application/pdf", "The incident as a document.") },
        },
      },
      async (request, reply) => {
        const doer = await doerOf(ctx, request);
        const doc = await incidentDocument(
          ctx,
          request.scope,
          request.params.incidentId,
          reportTimeZone(request.query.tz),
          doer.name,
        );
        const pdf = await incidentDocumentPdf(doc, await reportBrand(ctx));
        const name = `watchfloor-incident-${slug(doc.incident.reference)}.pdf`;
        const id = await archiveReport(ctx, makerOf(request, doer.name), {
          kind: "incidents",
          title: doc.meta.title,
          subject: doc.meta.subject,
          periodLabel: null,
          query: doc.meta.query,
          incidentId: doc.incident.id,
          tenants: doc.meta.tenants,
          fileName: name,
          content: pdf,
        });
        reply.header("x-report-id", id);
        return download(reply, pdf, "application/pdf", name);
      },
    );
    app.get(
      "/reports/compliance-evidence.pdf",
      {
        // The compliance pages' own rule: anyone who reads them may take their evidence away.
        config: modulePolicies("compliance").read,
        schema: {
          tags,
          description:
            "A framework's evidence pack as PDF: its score, requirements, and failing and excepted results with evidence.",
          querystring: z.object({ framework: complianceFrameworkSchema, tz: z.string().max(64).default("UTC") }),
          response: { 200: fileResponse("application/pdf", "The evidence pack.") },
        },
      },
      async (request, reply) => {
        const doer = await doerOf(ctx, request);
        const zone = reportTimeZone(request.query.tz);
        const { pdf, fileName } = await evidencePackPdf(ctx, request.scope, request.query.framework, zone, doer.name);
        return download(reply, pdf, "application/pdf", fileName);
      },
    );
    app.get(
      "/reports/incidents/:incidentId/document.csv",
      {
        config: config("incidents"),
        schema: {
          tags,
          params: incidentParams,
          querystring: incidentDocumentCsvQuerySchema,
          response: { 200: textResponse("text/csv", "One table of the incident document.") },
        },
      },
      async (request, reply) => {
        checkTable("incident", request.query.table);
        const doc = await incidentDocument(
          ctx,
          request.scope,
          request.params.incidentId,
          reportTimeZone(request.query.tz),
          (await doerOf(ctx, request)).name,
        );
        const table = pick(incidentDocumentTables(doc), request.query.table);
        return download(
          reply,
          tableCsv(table),
          "text/csv; charset=utf-8",
          `watchfloor-incident-${slug(doc.incident.reference)}-${table.name}.csv`,
        );
      },
    );

    // The archive: listed and downloaded by whoever may read the kind in every tenant of a report.
    app.get(
      "/reports/archive",
      {
        config: { policy: { access: "tenant", permission: "dashboards.read" } },
        schema: { tags, querystring: reportArchiveQuerySchema, response: { 200: reportArchivePageSchema } },
      },
      async (request) => listArchive(ctx, request, request.query),
    );
    app.get(
      "/reports/archive/:reportId/file",
      {
        config: { policy: { access: "tenant", permission: "dashboards.read" } },
        schema: { tags, params: archiveParams, response: { 200: fileResponse("application/pdf", "The archived report file.") } },
      },
      async (request, reply) => {
        const file = await archivedFile(ctx, request, request.params.reportId);
        return download(reply, file.content, file.contentType, file.fileName);
      },
    );
    app.delete(
      "/reports/archive/:reportId",
      {
        config: { policy: { access: "tenant", permission: "data.write" } },
        schema: { tags, params: archiveParams, response: { 204: noContentResponse("Deleted.") } },
      },
      async (request, reply) => {
        await deleteArchived(ctx, request, request.params.reportId);
        return reply.status(204).send(null);
      },
    );
  };
