import { intelImportReportSchema, intelStatusSchema, uploadLimits } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { doerOf } from "../../http/actor";
import { acceptRawUploads, withUploadedFile } from "../imports/upload";
import { importIntelFile, intelFeeds, intelStatus } from "./intel.service";

/**
 * Threat intelligence (CISA KEV, FIRST EPSS, CWE names) is reference data shared by every tenant:
 * platform admins load it; anyone signed in may see what is loaded.
 */
export const intelRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    acceptRawUploads(app, ["application/octet-stream", "text/csv", "text/plain", "application/json"]);

    for (const feed of intelFeeds) {
      app.post(
        `/intel/${feed}`,
        {
          config: { policy: { access: "platform" } },
          bodyLimit: uploadLimits.intel,
          schema: {
            tags: ["intel"],
            description: `Load a ${feed.toUpperCase()} file (raw body); every tenant's findings are re-flagged or re-ranked.`,
            querystring: z.object({ format: z.string().max(20).optional(), filename: z.string().max(255).optional() }),
            response: { 200: intelImportReportSchema },
          },
        },
        async (request) => {
          const doer = await doerOf(ctx, request);
          return withUploadedFile(request, (source) =>
            importIntelFile(ctx, feed, source, { format: request.query.format, filename: request.query.filename ?? null, doer }),
          );
        },
      );
    }

    app.get(
      "/intel/status",
      { config: { policy: { access: "user" } }, schema: { tags: ["intel"], response: { 200: intelStatusSchema } } },
      async () => intelStatus(ctx),
    );
  };
