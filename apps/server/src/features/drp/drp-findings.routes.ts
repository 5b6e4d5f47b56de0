import {
  drpAlertScanBodySchema,
  drpAlertScanReportSchema,
  drpFindingListQuerySchema,
  drpFindingPageSchema,
  drpFindingSchema,
  drpImportQuerySchema,
  drpImportReportSchema,
  drpStatusBodySchema,
  uploadLimits,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { modulePolicies } from "../../http/module-policies";
import { doerOf } from "../../http/actor";
import { ingestTenant } from "../../http/tenant-scope";
import { acceptRawUploads, withUploadedFile } from "../imports/upload";
import { changeStatus, listFindings } from "./drp-findings.service";
import { importFeed, scanAlerts } from "./drp-import.service";

const tags = ["drp"];
const { read, write } = modulePolicies("drp");
const findingParams = z.object({ drpFindingId: z.string().trim().min(1).max(100) });

/** DRP findings (docs/drp.md): feed imports, the alert scan, the findings list and their workflow. */
export const drpFindingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // JSON stays with Fastify's parser (the status and scan bodies); a JSON feed sent as
    // application/json is parsed and written back out by withUploadedFile.
    acceptRawUploads(app, ["application/octet-stream", "text/csv", "text/plain", "application/x-ndjson"]);

    app.get(
      "/drp/findings",
      { config: read, schema: { tags, querystring: drpFindingListQuerySchema, response: { 200: drpFindingPageSchema } } },
      async (request) => listFindings(ctx, request.scope, request.query),
    );

    app.post(
      "/drp/findings/:drpFindingId/status",
      { config: write, schema: { tags, params: findingParams, body: drpStatusBodySchema, response: { 200: drpFindingSchema } } },
      async (request) => changeStatus(ctx, request.scope, await doerOf(ctx, request), request.params.drpFindingId, request.body),
    );

    app.post(
      "/drp/imports",
      {
        config: write,
        bodyLimit: uploadLimits.drp,
        schema: {
          tags,
          description:
            "Import a DRP feed file (raw body): `feed=newly-registered` (a domain per line), `cert-transparency` (JSON lines or array, crt.sh `name_value` or `names`/`dns_names`) `leaked-credentials` (CSV or JSON of email, source, date; passwords are never stored), `dns-log` (Zeek dns.log, Suricata EVE dns, ECS JSON, BIND or dnsmasq query logs) or `proxy-log` (Squid access.log, Zeek http.log, Suricata EVE http, ECS JSON, lines with URLs).",
          querystring: drpImportQuerySchema,
          response: { 200: drpImportReportSchema },
        },
      },
      async (request) => {
        const tenantId = ingestTenant(request.scope, request.query.tenantId);
        const doer = await doerOf(ctx, request);
        const { feed, filename } = request.query;
        return withUploadedFile(request, (source) =>
          importFeed(ctx, tenantId, source, { feed, filename: filename ?? null, doer }),
        );
      },
    );

    app.post(
      "/drp/scan-alerts",
      { config: write, schema: { tags, body: drpAlertScanBodySchema, response: { 200: drpAlertScanReportSchema } } },
      async (request) => scanAlerts(ctx, request.scope, await doerOf(ctx, request), request.body),
    );
  };
