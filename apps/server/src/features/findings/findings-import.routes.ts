import { assetImportReportSchema, findingImportReportSchema, uploadLimits } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { ingestTenant } from "../../http/tenant-scope";
import { doerOf } from "../../http/actor";
import { acceptRawUploads, withUploadedFile } from "../imports/upload";
import { importAssetInventory } from "./asset-inventory.service";
import { importFindingFile } from "./findings-import.service";

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** Scanner report and asset inventory uploads: the same imports as `watchfloor import findings|assets`. */
export const findingImportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    acceptRawUploads(app, [
      "application/octet-stream",
      "text/csv",
      "text/plain",
      "application/xml",
      "text/xml",
      "application/json",
    ]);

    app.post(
      "/imports/findings",
      {
        config: { policy: { access: "tenant", permission: "data.write", apiKey: true } },
        bodyLimit: uploadLimits.findings,
        schema: {
          tags: ["imports"],
          description:
            "Import a vulnerability scanner report (raw file body). `partial=true` for a scan of part of the assets' checks: it never marks findings fixed. `includeInfo=true` keeps informational results (open ports, service banners, detected technologies) as observations for the attack surface instead of skipping them.",
          querystring: z.object({
            tenantId: z.string().optional(),
            format: z.string().max(40).optional(),
            filename: z.string().max(255).optional(),
            partial: booleanFlag.optional(),
            includeInfo: booleanFlag.optional(),
          }),
          response: { 200: findingImportReportSchema },
        },
      },
      async (request) => {
        const tenantId = ingestTenant(request.scope, request.query.tenantId);
        const doer = await doerOf(ctx, request);
        const { format, filename, partial, includeInfo } = request.query;
        return withUploadedFile(request, (source) =>
          importFindingFile(ctx, tenantId, source, { format, filename: filename ?? null, doer, partial, includeInfo }),
        );
      },
    );

    app.post(
      "/imports/assets",
      {
        config: { policy: { access: "tenant", permission: "data.write", apiKey: true } },
        bodyLimit: uploadLimits.assets,
        schema: {
          tags: ["imports"],
          description:
            "Import vulnerable-asset records of the spec's shape (JSON array or CSV, raw body) into the asset inventory.",
          querystring: z.object({ tenantId: z.string().optional(), filename: z.string().max(255).optional() }),
          response: { 200: assetImportReportSchema },
        },
      },
      async (request) => {
        const tenantId = ingestTenant(request.scope, request.query.tenantId);
        const doer = await doerOf(ctx, request);
        return withUploadedFile(request, (source) =>
          importAssetInventory(ctx, tenantId, source, { filename: request.query.filename ?? null, doer }),
        );
      },
    );
  };
