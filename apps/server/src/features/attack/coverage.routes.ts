import { attackCoverageSchema, attackMatrixSchema, navigatorLayerSchema, parsedLayerSchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { invalid } from "../../http/errors";
import { days } from "../../lib/time";
import { buildNavigatorLayer, parseNavigatorLayer } from "../../importers/navigator-layer";
import { ImportFileError } from "../../importers/types";
import { attackCoverage, attackMatrix } from "./matrix.service";

const windowQuery = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
const LAYER_LIMIT = 16 * 1024 * 1024;

/** Alert counts per technique over a window, as JSON or as an ATT&CK Navigator layer, and layer import. */
export const coverageRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const read = { policy: { access: "tenant", permission: "dashboards.read" } } as const;

    /** The window asked for: [from, to), the last 30 days by default. */
    const window = (tenantIds: readonly string[], query: z.infer<typeof windowQuery>) => {
      const to = query.to ? Date.parse(query.to) : ctx.now();
      const from = query.from ? Date.parse(query.from) : to - days(30);
      if (from >= to) throw invalid("from", "must be before to");
      return { tenantIds, from, to };
    };

    app.get(
      "/attack/matrix",
      { config: read, schema: { tags: ["attack"], querystring: windowQuery, response: { 200: attackMatrixSchema } } },
      async (request) => attackMatrix(ctx, window(request.scope.tenantIds, request.query)),
    );

    app.get(
      "/attack/coverage",
      { config: read, schema: { tags: ["attack"], querystring: windowQuery, response: { 200: attackCoverageSchema } } },
      async (request) => attackCoverage(ctx, window(request.scope.tenantIds, request.query)),
    );

    app.get(
      "/attack/layer",
      { config: read, schema: { tags: ["attack"], querystring: windowQuery, response: { 200: navigatorLayerSchema } } },
      async (request, reply) => {
        const data = await attackCoverage(ctx, window(request.scope.tenantIds, request.query));
        reply.header(
          "content-disposition",
          `attachment; filename="watchfloor-attack-${data.from.slice(0, 10)}-${data.to.slice(0, 10)}.json"`,
        );
        return buildNavigatorLayer({
          name: "Watchfloor alerts by technique",
          description: `Alert counts per technique detected ${data.from} to ${data.to}; comments list the incidents.`,
          techniques: data.techniques.map((t) => ({
            id: t.id,
            alerts: t.alerts,
            incidents: t.incidents.map((i) => i.reference),
          })),
        });
      },
    );

    // Reads a layer to overlay on the matrix; nothing is stored.
    app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: LAYER_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    app.post(
      "/attack/layers/parse",
      {
        config: { policy: { access: "user" } },
        bodyLimit: LAYER_LIMIT,
        schema: { tags: ["attack"], response: { 200: parsedLayerSchema } },
      },
      async (request) => {
        try {
          return parseNavigatorLayer(String(request.body ?? ""));
        } catch (error) {
          if (error instanceof ImportFileError) throw invalid("file", error.message);
          throw error;
        }
      },
    );
  };
