import {
  alertImportFormats,
  alertImportReportSchema,
  alertInputSchema,
  importRunsSchema,
  okSchema,
  quarantinePageSchema,
  resubmittedSchema,
  uploadLimits,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { decodeCursor } from "../../http/cursor";
import { conflict, notFound } from "../../http/errors";
import { iso, isoOrNull } from "../../lib/time";
import { ingestAlerts, ingestedId } from "../alerts/alert-ingest.service";
import { ingestTenant } from "../../http/tenant-scope";
import { doerOf } from "../../http/actor";
import { type ImportDestinations, importAlertFile } from "./alert-import.service";
import { acceptRawUploads, withUploadedFile } from "./upload";

export const importRoutes =
  (ctx: AppContext, destinations: ImportDestinations = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const write = { policy: { access: "tenant", permission: "data.write", apiKey: true } } as const;
    const manage = { policy: { access: "tenant", permission: "imports.manage" } } as const;

    acceptRawUploads(app);

    app.post(
      "/imports/alerts",
      {
        config: write,
        bodyLimit: uploadLimits.alerts,
        schema: {
          tags: ["imports"],
          querystring: z.object({
            tenantId: z.string().optional(),
            format: z.string().max(40).optional(),
            filename: z.string().max(255).optional(),
          }),
          response: { 200: alertImportReportSchema },
        },
      },
      async (request) => {
        const tenantId = ingestTenant(request.scope, request.query.tenantId);
        const doer = await doerOf(ctx, request);
        return withUploadedFile(request, (source) =>
          importAlertFile(ctx, tenantId, source, {
            format: request.query.format,
            filename: request.query.filename ?? null,
            doer,
            destinations,
          }),
        );
      },
    );

    app.get(
      "/imports",
      { config: manage, schema: { tags: ["imports"], response: { 200: importRunsSchema } } },
      async (request) => {
        const ids = request.scope.tenantIds;
        const rows = ids.length
          ? await ctx.db
              .selectFrom("import_runs")
              .selectAll()
              .where("tenant_id", "in", [...ids])
              .orderBy("created_at", "desc")
              .orderBy("id", "desc")
              .limit(100)
              .execute()
          : [];
        return {
          items: rows.map((r) => ({
            id: r.id,
            tenantId: r.tenant_id,
            kind: r.kind,
            format: r.format,
            filename: r.filename,
            createdAt: iso(r.created_at),
            report: JSON.parse(r.report) as Record<string, unknown>,
          })),
        };
      },
    );

    app.get(
      "/quarantine",
      {
        config: manage,
        schema: {
          tags: ["imports"],
          querystring: z.object({ importId: z.string().optional(), cursor: z.string().max(200).optional() }),
          response: { 200: quarantinePageSchema },
        },
      },
      async (request) => {
        const ids = request.scope.tenantIds;
        if (ids.length === 0) return { items: [] };
        let query = ctx.db
          .selectFrom("quarantine")
          .selectAll()
          .where("tenant_id", "in", [...ids])
          .where("resolved_at", "is", null);
        if (request.query.importId) query = query.where("import_id", "=", request.query.importId);
        const before = decodeCursor(request.query.cursor, "cursor");
        if (before) query = query.where("id", "<", before.id);
        const rows = await query.orderBy("id", "desc").limit(200).execute();
        return {
          items: rows.map((r) => ({
            id: r.id,
            tenantId: r.tenant_id,
            importId: r.import_id,
            format: r.format,
            row: r.row_number,
            raw: r.raw,
            problems: JSON.parse(r.problems) as { field: string; reason: string }[],
            createdAt: iso(r.created_at),
            resolvedAt: isoOrNull(r.resolved_at),
          })),
        };
      },
    );

    // An admin fixes a rejected row and sends it again as a canonical alert.
    app.post(
      "/quarantine/:rowId/resubmit",
      {
        config: manage,
        schema: {
          tags: ["imports"],
          params: z.object({ rowId: z.string() }),
          body: z.object({ alert: alertInputSchema }),
          response: { 200: resubmittedSchema },
        },
      },
      async (request) => {
        const row = await findRow(ctx, request.scope.tenantIds, request.params.rowId);
        // Scanner and compliance imports quarantine their rows here too; those are not alerts.
        if (!(alertImportFormats as readonly string[]).includes(row.format)) {
          throw conflict(
            `This row came from a ${row.format} import, not an alert import: fix the file and import it again, or dismiss the row.`,
          );
        }
        const outcome = await ingestAlerts(ctx, row.tenant_id, [request.body.alert], await doerOf(ctx, request));
        await ctx.db.updateTable("quarantine").set({ resolved_at: ctx.now() }).where("id", "=", row.id).execute();
        return { alertId: ingestedId(outcome), created: outcome.created === 1 };
      },
    );

    app.delete(
      "/quarantine/:rowId",
      { config: manage, schema: { tags: ["imports"], params: z.object({ rowId: z.string() }), response: { 200: okSchema } } },
      async (request) => {
        const row = await findRow(ctx, request.scope.tenantIds, request.params.rowId);
        await ctx.db.updateTable("quarantine").set({ resolved_at: ctx.now() }).where("id", "=", row.id).execute();
        return { ok: true as const };
      },
    );
  };

async function findRow(ctx: AppContext, tenantIds: readonly string[], id: string) {
  const row = tenantIds.length
    ? await ctx.db
        .selectFrom("quarantine")
        .selectAll()
        .where("id", "=", id)
        .where("tenant_id", "in", [...tenantIds])
        .where("resolved_at", "is", null)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound("Quarantined row");
  return row;
}
