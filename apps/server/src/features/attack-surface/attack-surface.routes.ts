import {
  attackSurfaceQuerySchema,
  attackSurfaceSchema,
  surfaceImportListSchema,
  surfaceImportReportSchema,
  surfaceImportsQuerySchema,
  uploadLimits,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { ingestTenant } from "../../http/tenant-scope";
import { doerOf } from "../../http/actor";
import { acceptRawUploads, withUploadedFile } from "../imports/upload";
import { importNmapFile } from "./attack-surface-import.service";
import { getAttackSurface, listSurfaceImports } from "./attack-surface.service";

const tags = ["attack-surface"];

/** The external attack surface (docs/attack-surface.md) and its nmap upload: the same import as `watchfloor import nmap`. */
export const attackSurfaceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const read = { policy: { access: "tenant", permission: "tenant.read" } } as const;
    // nmap writes XML; browsers label a .xml file application/xml or text/xml.
    acceptRawUploads(app, ["application/octet-stream", "application/xml", "text/xml", "text/plain"]);

    app.get(
      "/attack-surface",
      { config: read, schema: { tags, querystring: attackSurfaceQuerySchema, response: { 200: attackSurfaceSchema } } },
      async (request) => getAttackSurface(ctx, request.scope, request.query),
    );

    app.get(
      "/attack-surface/imports",
      { config: read, schema: { tags, querystring: surfaceImportsQuerySchema, response: { 200: surfaceImportListSchema } } },
      async (request) => listSurfaceImports(ctx, request.scope, request.query.limit),
    );

    app.post(
      "/imports/nmap",
      {
        config: { policy: { access: "tenant", permission: "data.write", apiKey: true } },
        bodyLimit: uploadLimits.nmap,
        schema: {
          tags: ["imports", ...tags],
          description: "Import an nmap XML scan (`nmap -sV --script ssl-cert -oX scan.xml TARGETS`) as the raw request body.",
          querystring: z.object({ tenantId: z.string().optional(), filename: z.string().max(255).optional() }),
          response: { 200: surfaceImportReportSchema },
        },
      },
      async (request) => {
        const tenantId = ingestTenant(request.scope, request.query.tenantId);
        const doer = await doerOf(ctx, request);
        return withUploadedFile(request, (source) =>
          importNmapFile(ctx, tenantId, source, { filename: request.query.filename ?? null, doer }),
        );
      },
    );
  };
