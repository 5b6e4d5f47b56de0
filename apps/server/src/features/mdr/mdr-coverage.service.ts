import type { MdrCoverage, MdrCoverageTechnique, MdrSourceComponentsBody, MdrVisibility } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { invalid, notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { assertTenantInScope } from "../../http/tenant-scope";
import { days, iso } from "../../lib/time";
import { dataComponents, detectionPathsOf, findTechniques } from "../attack/attack.repository";
import { enterpriseTechniques } from "../attack/attack.service";
import { attackCoverage } from "../attack/matrix.service";
import { tenantNames } from "../dashboard/dashboard.repository";
import { sourceHealth } from "./mdr-board.service";
import * as repo from "./mdr.repository";
import { defaultComponents } from "./source-components";

const WINDOW_DAYS = 30;
const sourceKey = (tool: string, sensor: string) => JSON.stringify([tool, sensor]);

/** Each source of the tenant with the data components it supplies (set by hand, or by its name). */
async function sourcesOf(ctx: AppContext, tenantId: string, now: number) {
  const set = new Map(
    (await repo.sourceStates(ctx.db, [tenantId]))
      .filter((s) => s.components !== null)
      .map((s) => [sourceKey(s.tool, s.sensor), JSON.parse(s.components as string) as string[]]),
  );
  return (await sourceHealth(ctx, [tenantId], now)).map((s) => {
    const own = set.get(sourceKey(s.tool, s.sensor));
    const components = own ?? defaultComponents(s.tool, s.sensor);
    return {
      tool: s.tool,
      sensor: s.sensor,
      components,
      componentsFrom: own ? ("set" as const) : components.length ? ("default" as const) : ("none" as const),
    };
  });
}

/**
 * How visible each technique is to these components: "full" when one analytic of its detection
 * strategies reads only supplied components, "partial" when some component is supplied.
 */
async function visibilityOf(ctx: AppContext, supplied: ReadonlySet<string>): Promise<Map<string, MdrVisibility>> {
  const analytics = new Map<string, { technique: string; all: boolean }>();
  for (const p of await detectionPathsOf(ctx.db, [...supplied])) {
    const k = `${p.technique_id} ${p.analytic_id}`;
    const a = analytics.get(k) ?? { technique: p.technique_id, all: true };
    a.all &&= supplied.has(p.component_id);
    analytics.set(k, a);
  }
  const out = new Map<string, MdrVisibility>();
  for (const a of analytics.values()) if (a.all || !out.has(a.technique)) out.set(a.technique, a.all ? "full" : "partial");
  return out;
}

/**
 * Detection coverage of one client over the last 30 days (docs/mdr.md "Detection coverage"):
 * techniques seen in its alerts against those its sources can see.
 */
export async function coverage(ctx: AppContext, scope: TenantScope, tenantId: string): Promise<MdrCoverage> {
  assertTenantInScope(scope, tenantId);
  const to = ctx.now();
  const from = to - days(WINDOW_DAYS);
  const [sources, components, catalogue, seen, names] = await Promise.all([
    sourcesOf(ctx, tenantId, to),
    dataComponents(ctx.db),
    enterpriseTechniques(ctx),
    attackCoverage(ctx, { tenantIds: [tenantId], from, to }),
    tenantNames(ctx.db, [tenantId]),
  ]);
  const visible = await visibilityOf(ctx, new Set(sources.flatMap((s) => s.components)));
  const alerts = new Map(seen.techniques.map((t) => [t.id, t.alerts]));
  const ids = [...new Set([...visible.keys(), ...alerts.keys()])];
  const info = new Map((await findTechniques(ctx.db, ids)).map((r) => [r.technique_id, r]));
  const techniques: MdrCoverageTechnique[] = ids
    .map((id) => ({
      id,
      name: info.get(id)?.name ?? null,
      tactics: info.has(id) ? (JSON.parse(info.get(id)?.tactics ?? "[]") as string[]) : [],
      alerts: alerts.get(id) ?? 0,
      visibility: visible.get(id) ?? ("none" as const),
    }))
    .sort((a, b) => b.alerts - a.alerts || a.id.localeCompare(b.id));
  const count = (v: MdrVisibility) => techniques.filter((t) => t.visibility === v).length;
  const tenantName = names.get(tenantId) ?? tenantId;
  return {
    tenantId,
    tenantName,
    from: iso(from),
    to: iso(to),
    catalogueLoaded: components.length > 0,
    components: components.map((c) => ({ id: c.component_id, name: c.name })),
    sources,
    techniques,
    totals: {
      catalogue: catalogue.techniques.length,
      full: count("full"),
      partial: count("partial"),
      seen: techniques.filter((t) => t.alerts > 0).length,
      seenNotVisible: techniques.filter((t) => t.alerts > 0 && t.visibility === "none").length,
    },
    layer: {
      name: `Visible to ${tenantName}'s data sources`,
      description: "Score 2: an analytic's every data component is supplied; 1: some are.",
      domain: "enterprise-attack",
      formatVersion: "4.5",
      techniques: techniques
        .filter((t) => t.visibility !== "none")
        .map((t) => ({
          techniqueID: t.id,
          tactic: null,
          score: t.visibility === "full" ? 2 : 1,
          color: null,
          comment: t.visibility === "full" ? "Visible to the sources" : "Partly visible to the sources",
          enabled: true,
        })),
      warnings: [],
    },
  };
}

/** Sets (or with null, clears) the data components one source supplies. */
export async function setSourceComponents(ctx: AppContext, scope: TenantScope, body: MdrSourceComponentsBody) {
  assertTenantInScope(scope, body.tenantId);
  const sources = await sourceHealth(ctx, [body.tenantId], ctx.now());
  if (!sources.some((s) => s.tool === body.tool && s.sensor === body.sensor)) throw notFound("Data source");
  if (body.components) {
    const known = new Set((await dataComponents(ctx.db)).map((c) => c.component_id));
    const unknown = body.components.findIndex((c) => !known.has(c));
    if (unknown >= 0) throw invalid(`components.${unknown}`, "is not a data component of the loaded ATT&CK catalogue");
  }
  await repo.setComponents(
    ctx.db,
    { tenantId: body.tenantId, tool: body.tool, sensor: body.sensor },
    body.components ? JSON.stringify([...new Set(body.components)].sort()) : null,
  );
  return coverage(ctx, scope, body.tenantId);
}
