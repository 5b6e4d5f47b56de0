import {
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
import { ingestTenant } from "../../http/tenant-scope";
import { doerOf } from "../../http/actor";
import { type ImportDestinations, importAlertFile } from "./alert-import.service";
import { dismissQuarantined, quarantinePage, recentImports, resubmitQuarantined } from "./imports.service";
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

    app.get("/imports", { config: manage, schema: { tags: ["imports"], response: { 200: importRunsSchema } } }, async (request) =>
      recentImports(ctx, request.scope.tenantIds),
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
      async (request) => quarantinePage(ctx, request.scope.tenantIds, request.query),
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
      async (request) =>
        resubmitQuarantined(ctx, request.scope.tenantIds, request.params.rowId, request.body.alert, await doerOf(ctx, request)),
    );

    app.delete(
      "/quarantine/:rowId",
      { config: manage, schema: { tags: ["imports"], params: z.object({ rowId: z.string() }), response: { 200: okSchema } } },
      async (request) => dismissQuarantined(ctx, request.scope.tenantIds, request.params.rowId),
    );
  };
