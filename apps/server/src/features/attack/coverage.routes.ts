import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { invalid } from "../../http/errors";
import { days } from "../../lib/time";
import { buildNavigatorLayer, parseNavigatorLayer } from "../../importers/navigator-layer";
import { ImportFileError } from "../../importers/types";
import { attackCoverage } from "./coverage.repository";
import { attackMatrix } from "./matrix.service";

const windowQuery = z.object({ from: z.iso.datetime({ offset: true }).optional(), to: z.iso.datetime({ offset: true }).optional() });
const LAYER_LIMIT = 16 * 1024 * 1024;

/** Alert counts per technique over a window, as JSON or as an ATT&CK Navigator layer, and layer import. */
export const coverageRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const read = { policy: { access: "tenant", permission: "dashboards.read" } } as const;

    const coverage = async (tenantIds: readonly string[], query: z.infer<typeof windowQuery>) => {
      const to = query.to ? Date.parse(query.to) : ctx.now();
      const from = query.from ? Date.parse(query.from) : to - days(30);
      if (from >= to) throw invalid("from", "must be before to");
      const { counts, incidents } = await attackCoverage(ctx.db, tenantIds, from, to);
      const refs = new Map<string, { id: string; reference: string }[]>();
      for (const i of incidents) {
        refs.set(i.key, [...(refs.get(i.key) ?? []), { id: i.id, reference: `${i.slug.toUpperCase()}-INC-${String(i.number).padStart(4, "0")}` }]);
      }
      return {
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        techniques: counts
          .filter((c) => !c.key.startsWith("tactic:"))
          .map((c) => ({ id: c.key, alerts: Number(c.alerts), incidents: refs.get(c.key) ?? [] }))
          .sort((a, b) => b.alerts - a.alerts || a.id.localeCompare(b.id)),
        tactics: counts.filter((c) => c.key.startsWith("tactic:")).map((c) => ({ tactic: c.key.slice(7), alerts: Number(c.alerts) })),
      };
    };

    app.get("/attack/matrix", { config: read, schema: { tags: ["attack"], querystring: windowQuery } }, async (request) => {
      const to = request.query.to ? Date.parse(request.query.to) : ctx.now();
      const from = request.query.from ? Date.parse(request.query.from) : to - days(30);
      if (from >= to) throw invalid("from", "must be before to");
      return attackMatrix(ctx, request.scope.tenantIds, from, to);
    });

    app.get("/attack/coverage", { config: read, schema: { tags: ["attack"], querystring: windowQuery } }, async (request) => coverage(request.scope.tenantIds, request.query));

    app.get("/attack/layer", { config: read, schema: { tags: ["attack"], querystring: windowQuery } }, async (request, reply) => {
      const data = await coverage(request.scope.tenantIds, request.query);
      reply.header("content-disposition", `attachment; filename="watchfloor-attack-${data.from.slice(0, 10)}-${data.to.slice(0, 10)}.json"`);
      return buildNavigatorLayer({
        name: "Watchfloor alerts by technique",
        description: `Alert counts per technique detected ${data.from} to ${data.to}; comments list the incidents.`,
        techniques: data.techniques.map((t) => ({ id: t.id, alerts: t.alerts, incidents: t.incidents.map((i) => i.reference) })),
      });
    });

    // Reads a layer to overlay on the matrix; nothing is stored.
    app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: LAYER_LIMIT }, (_request, body, done) => done(null, body));
    app.post("/attack/layers/parse", { config: { policy: { access: "user" } }, bodyLimit: LAYER_LIMIT, schema: { tags: ["attack"] } }, async (request) => {
      try {
        return parseNavigatorLayer(String(request.body ?? ""));
      } catch (error) {
        if (error instanceof ImportFileError) throw invalid("file", error.message);
        throw error;
      }
    });
  };
