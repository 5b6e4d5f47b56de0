import {
  cloudSecCheckListSchema,
  cloudSecChecksQuerySchema,
  cloudSecResourceListSchema,
  cloudSecResourcesQuerySchema,
  cloudSecSummarySchema,
} from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { modulePolicies } from "../../http/module-policies";
import * as service from "./cloud-sec.service";

const tags = ["cloud-sec"];
const { read } = modulePolicies("cloud-sec");

/** Cloud Sec (docs/cloud-sec.md): the resource view of the latest cloud-account compliance scans. */
export const cloudSecRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/cloud-sec/summary", { config: read, schema: { tags, response: { 200: cloudSecSummarySchema } } }, async (request) =>
      service.summary(ctx, request.scope),
    );

    app.get(
      "/cloud-sec/resources",
      {
        config: read,
        schema: { tags, querystring: cloudSecResourcesQuerySchema, response: { 200: cloudSecResourceListSchema } },
      },
      async (request) => service.listResources(ctx, request.scope, request.query),
    );

    app.get(
      "/cloud-sec/checks",
      { config: read, schema: { tags, querystring: cloudSecChecksQuerySchema, response: { 200: cloudSecCheckListSchema } } },
      async (request) => service.listChecks(ctx, request.scope, request.query),
    );
  };
