import {
  detectionLimits,
  detectionMatchListSchema,
  detectionRuleDetailSchema,
  detectionRuleListSchema,
  detectionStatsSchema,
  eventIngestQuerySchema,
  eventIngestReportSchema,
  logsourceMapBodySchema,
  logsourceMapSchema,
  ruleEnabledBodySchema,
  ruleImportQuerySchema,
  ruleImportReportSchema,
  rulesEnabledBodySchema,
  rulesEnabledResultSchema,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { doerOf } from "../../http/actor";
import { invalid } from "../../http/errors";
import { modulePolicies } from "../../http/module-policies";
import { ingestTenant } from "../../http/tenant-scope";
import { ingestEvents } from "./detection-events.service";
import * as service from "./detections.service";

const tags = ["detections"];
const { read, needs } = modulePolicies("automation");
const manage = needs("automation.manage");
const ingest = needs("data.write", { apiKey: true });
const ruleParams = z.object({ detectionRuleId: z.string().min(1).max(100) });
const tenantQuery = z.object({ tenantId: z.string().optional() });

/** Raw bodies: rule files (YAML or zip) and event files (JSON, NDJSON). */
const rawTypes = [
  "application/octet-stream",
  "application/zip",
  "application/x-zip-compressed",
  "application/yaml",
  "application/x-yaml",
  "text/yaml",
  "text/x-yaml",
  "text/plain",
  "application/x-ndjson",
];

/** Sigma detections (docs/detections.md): rules, their matches, the logsource map, and raw events in. */
export const detectionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    for (const type of rawTypes)
      app.addContentTypeParser(type, { parseAs: "buffer" }, (_request, body, done) => done(null, body));

    app.get(
      "/detections/rules",
      { config: read, schema: { tags, response: { 200: detectionRuleListSchema } } },
      async (request) => service.listRules(ctx, request.scope),
    );

    app.get(
      "/detections/rules/:detectionRuleId",
      { config: read, schema: { tags, params: ruleParams, response: { 200: detectionRuleDetailSchema } } },
      async (request) => service.getRule(ctx, request.scope, request.params.detectionRuleId),
    );

    app.get(
      "/detections/rules/:detectionRuleId/matches",
      { config: read, schema: { tags, params: ruleParams, response: { 200: detectionMatchListSchema } } },
      async (request) => service.ruleMatches(ctx, request.scope, request.params.detectionRuleId),
    );

    app.put(
      "/detections/rules/:detectionRuleId/enabled",
      {
        config: manage,
        schema: { tags, params: ruleParams, body: ruleEnabledBodySchema, response: { 200: detectionRuleDetailSchema } },
      },
      async (request) =>
        service.setRuleEnabled(
          ctx,
          request.scope,
          request.params.detectionRuleId,
          request.body.enabled,
          (await doerOf(ctx, request)).userId,
        ),
    );

    app.post(
      "/detections/rules/enabled",
      { config: manage, schema: { tags, body: rulesEnabledBodySchema, response: { 200: rulesEnabledResultSchema } } },
      async (request) =>
        service.setAllEnabled(
          ctx,
          ingestTenant(request.scope, request.body.tenantId),
          request.body.enabled,
          (await doerOf(ctx, request)).userId,
        ),
    );

    app.post(
      "/detections/rules/import",
      {
        config: manage,
        bodyLimit: detectionLimits.uploadBytes,
        schema: {
          tags,
          description:
            "Import Sigma rules: one YAML file (one or more rules) or a zip of rule files, as the raw request body. Rules using anything unsupported are refused with the reason.",
          querystring: ruleImportQuerySchema,
          response: { 200: ruleImportReportSchema },
        },
      },
      async (request) => {
        const tenantId = ingestTenant(request.scope, request.query.tenantId);
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw invalid("body", "send the YAML file or zip as the raw body (application/octet-stream)");
        return service.importRules(ctx, tenantId, body, {
          filename: request.query.filename,
          enable: request.query.enable === "true",
          actorUserId: (await doerOf(ctx, request)).userId,
        });
      },
    );

    app.get(
      "/detections/logsources",
      { config: read, schema: { tags, querystring: tenantQuery, response: { 200: logsourceMapSchema } } },
      async (request) => service.getLogsourceMap(ctx, ingestTenant(request.scope, request.query.tenantId)),
    );

    app.put(
      "/detections/logsources",
      {
        config: manage,
        schema: { tags, querystring: tenantQuery, body: logsourceMapBodySchema, response: { 200: logsourceMapSchema } },
      },
      async (request) =>
        service.saveLogsourceMap(
          ctx,
          ingestTenant(request.scope, request.query.tenantId),
          request.body.entries,
          (await doerOf(ctx, request)).userId,
        ),
    );

    app.get("/detections/stats", { config: read, schema: { tags, response: { 200: detectionStatsSchema } } }, async (request) =>
      service.stats(ctx, request.scope),
    );

    // GET /events is the live stream (alerts-live.routes.ts); this is the raw-event intake on the same path.
    for (const url of ["/events", "/detections/events/import"]) {
      app.post(
        url,
        {
          config: ingest,
          bodyLimit: detectionLimits.eventBytes,
          schema: {
            tags,
            description:
              url === "/events"
                ? "Raw events (JSON array or NDJSON; Windows EVTX-as-JSON or Winlogbeat/ECS) run through the tenant's enabled Sigma rules; matches become alerts."
                : "An event file (JSON array, one event, or NDJSON) as the raw request body, run through the tenant's enabled Sigma rules.",
            querystring: eventIngestQuerySchema,
            response: { 200: eventIngestReportSchema },
          },
        },
        async (request) => {
          const tenantId = ingestTenant(request.scope, request.query.tenantId);
          return ingestEvents(ctx, tenantId, request.body, await doerOf(ctx, request));
        },
      );
    }
  };
