import {
  complianceDriftSchema,
  complianceFailingQuerySchema,
  complianceFailingSchema,
  complianceFrameworkScoresSchema,
  complianceFrameworksQuerySchema,
  complianceImportReportSchema,
  complianceRequirementScoresSchema,
  complianceRequirementsQuerySchema,
  complianceScanListSchema,
  complianceScansQuerySchema,
  uploadLimits,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { doerOf } from "../../http/actor";
import { modulePolicies } from "../../http/module-policies";
import { ingestTenant } from "../../http/tenant-scope";
import { acceptRawUploads, withUploadedFile } from "../imports/upload";
import { importComplianceFile } from "./compliance-import.service";
import { failingControls, frameworkScores, requirementScores } from "./compliance-scores.service";
import { getComplianceDrift, listComplianceScans } from "./compliance.service";

const tags = ["compliance"];
// Compliance is a module a provider switches per tenant (docs/modules.md).
const { read, needs } = modulePolicies("compliance");

/** Configuration-assessment results (docs/compliance.md) and their upload: the same import as `watchfloor import compliance`. */
export const complianceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    acceptRawUploads(app, [
      "application/octet-stream",
      "text/csv",
      "text/plain",
      "application/xml",
      "text/xml",
      "application/json",
      "application/javascript",
      "text/javascript",
    ]);

    app.post(
      "/imports/compliance",
      {
        config: needs("data.write", { apiKey: true }),
        bodyLimit: uploadLimits.compliance,
        schema: {
          tags: ["imports", ...tags],
          description:
            "Import configuration-assessment results (OpenSCAP XCCDF/ARF, InSpec, kube-bench, Wazuh SCA, Prowler, ScoutSuite, OCSF Compliance Finding, Trivy misconfig) as the raw request body. The format is detected when not given.",
          querystring: z.object({
            tenantId: z.string().optional(),
            format: z.string().max(40).optional(),
            filename: z.string().max(255).optional(),
            /** The target for every scan in the file, for tools that do not name it (kube-bench's cluster). */
            target: z.string().trim().min(1).max(500).optional(),
          }),
          response: { 200: complianceImportReportSchema },
        },
      },
      async (request) => {
        const tenantId = ingestTenant(request.scope, request.query.tenantId);
        const doer = await doerOf(ctx, request);
        const { format, filename, target } = request.query;
        return withUploadedFile(request, (source) =>
          importComplianceFile(ctx, tenantId, source, { format, filename: filename ?? null, doer, target }),
        );
      },
    );

    app.get(
      "/compliance/scans",
      { config: read, schema: { tags, querystring: complianceScansQuerySchema, response: { 200: complianceScanListSchema } } },
      async (request) => listComplianceScans(ctx, request.scope, request.query),
    );

    app.get(
      "/compliance/scans/:scanId/drift",
      {
        config: read,
        schema: { tags, params: z.object({ scanId: z.string().min(1).max(100) }), response: { 200: complianceDriftSchema } },
      },
      async (request) => getComplianceDrift(ctx, request.scope, request.params.scanId),
    );

    app.get(
      "/compliance/frameworks",
      {
        config: read,
        schema: { tags, querystring: complianceFrameworksQuerySchema, response: { 200: complianceFrameworkScoresSchema } },
      },
      async (request) => frameworkScores(ctx, request.scope, request.query.targetKind),
    );

    app.get(
      "/compliance/requirements",
      {
        config: read,
        schema: { tags, querystring: complianceRequirementsQuerySchema, response: { 200: complianceRequirementScoresSchema } },
      },
      async (request) => requirementScores(ctx, request.scope, request.query.framework, request.query.targetKind),
    );

    app.get(
      "/compliance/failing",
      { config: read, schema: { tags, querystring: complianceFailingQuerySchema, response: { 200: complianceFailingSchema } } },
      async (request) => failingControls(ctx, request.scope, request.query),
    );
  };
