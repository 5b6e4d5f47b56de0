import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  catalogueImportSchema,
  catalogueSummarySchema,
  catalogueTechniquesSchema,
  techniqueInfoListSchema,
} from "@watchfloor/shared";
import { z } from "zod";
import type { AppContext } from "../../context";
import { catalogueSummary } from "./attack.repository";
import { describeTechniques, enterpriseTechniques, importAttackBundle } from "./attack.service";

const BUNDLE_LIMIT = 128 * 1024 * 1024;

/** The ATT&CK catalogue is reference data shared by every tenant: platform admins load it. */
export const attackRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: BUNDLE_LIMIT }, (_request, body, done) =>
      done(null, body),
    );

    app.post(
      "/attack/import",
      {
        config: { policy: { access: "platform" } },
        bodyLimit: BUNDLE_LIMIT,
        schema: { tags: ["attack"], response: { 200: catalogueImportSchema } },
      },
      async (request) => importAttackBundle(ctx, String(request.body ?? "")),
    );

    app.get(
      "/attack/catalogue",
      { config: { policy: { access: "user" } }, schema: { tags: ["attack"], response: { 200: catalogueSummarySchema } } },
      async () => ({
        domains: (await catalogueSummary(ctx.db)).map((d) => ({
          domain: d.domain,
          total: Number(d.total),
          subtechniques: Number(d.subtechniques ?? 0),
          revoked: Number(d.revoked ?? 0),
          deprecated: Number(d.deprecated ?? 0),
          latestModified: d.latest,
        })),
      }),
    );

    // The whole current Enterprise catalogue (about 700 entries), for the coverage matrix's full layout.
    app.get(
      "/attack/catalogue/techniques",
      { config: { policy: { access: "user" } }, schema: { tags: ["attack"], response: { 200: catalogueTechniquesSchema } } },
      async () => enterpriseTechniques(ctx),
    );

    app.get(
      "/attack/techniques",
      {
        config: { policy: { access: "user" } },
        schema: {
          tags: ["attack"],
          querystring: z.object({ ids: z.string().max(4000) }),
          response: { 200: techniqueInfoListSchema },
        },
      },
      async (request) => ({
        items: await describeTechniques(
          ctx,
          request.query.ids
            .split(",")
            .map((s) => s.trim().toUpperCase())
            .filter(Boolean)
            .slice(0, 200),
        ),
      }),
    );
  };
