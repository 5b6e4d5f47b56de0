import { assetDetailSchema, assetListQuerySchema, assetPageSchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import * as service from "./assets.service";

const tags = ["assets"];

/** The asset inventory and the asset page (its findings come from GET /findings?assetId=). */
export const assetRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const read = { policy: { access: "tenant", permission: "tenant.read" } } as const;

    app.get(
      "/assets",
      { config: read, schema: { tags, querystring: assetListQuerySchema, response: { 200: assetPageSchema } } },
      async (request) => service.listAssets(ctx, request.scope, request.query),
    );

    app.get(
      "/assets/:assetId",
      { config: read, schema: { tags, params: z.object({ assetId: z.string() }), response: { 200: assetDetailSchema } } },
      async (request) => service.getAsset(ctx, request.scope, request.params.assetId),
    );
  };
