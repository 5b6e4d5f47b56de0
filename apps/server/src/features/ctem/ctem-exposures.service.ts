import {
  type CtemExposure,
  type CtemImpact,
  type CtemScopeRule,
  type CtemValidationState,
  ctemImpacts,
  type Priority,
  priorities,
  scoreExposure,
  scoreScope,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { iso } from "../../lib/time";
import { type SelectedAsset, selectAssets } from "../assets/assets-select.repository";
import { surfaceServices } from "../attack-surface/attack-surface.repository";
import { openFindingsOfAssets } from "../findings/findings.repository";
import { cloudExposures } from "./ctem-cloud.service";
import { type ScopeRow, validations } from "./ctem.repository";

/** Open findings read per 500 assets of a scope, worst severity first. */
const FINDINGS_PER_CHUNK = 2000;

export const findingKey = (id: string) => `finding:${id}`;
export const serviceKey = (id: string) => `service:${id}`;
export const cloudKey = (id: string) => `cloud:${id}`;
const impactOf = (v: string | null): CtemImpact | null =>
  (ctemImpacts as readonly string[]).includes(v ?? "") ? (v as CtemImpact) : null;
const severityOf = (v: string): Priority => ((priorities as readonly string[]).includes(v) ? (v as Priority) : "Low");

export interface ScopeExposures {
  assets: SelectedAsset[];
  exposures: CtemExposure[];
  score: number;
}

/**
 * What a scope exposes now, from the product's own data: the open findings of its assets
 * (features/findings) and the open ports the attack surface saw on them (features/attack-surface)
 * that no open finding already names, and the failing Cloud Sec checks of the cloud resources
 * they are (ctem-cloud.service.ts). Each exposure is scored with its validation applied.
 */
export async function scopeExposures(ctx: AppContext, scope: ScopeRow): Promise<ScopeExposures> {
  const tenantIds = [scope.tenant_id];
  const rule = JSON.parse(scope.rule) as CtemScopeRule;
  const assets = await selectAssets(ctx.db, tenantIds, scope.tenant_id, rule);
  const byId = new Map(assets.map((a) => [a.id, a]));
  const ids = [...byId.keys()];
  const [findings, services, cloud] = await Promise.all([
    openFindingsOfAssets(ctx.db, tenantIds, ids, FINDINGS_PER_CHUNK),
    ids.length > 0 ? surfaceServices(ctx.db, tenantIds) : Promise.resolve([]),
    cloudExposures(ctx, scope.tenant_id, ids),
  ]);
  const findingPorts = new Set(findings.filter((f) => f.port !== null).map((f) => `${f.asset_id} ${f.port}`));
  const openServices = services.filter(
    (s) => byId.has(s.asset_id) && s.closed_at === null && s.state === "open" && !findingPorts.has(`${s.asset_id} ${s.port}`),
  );
  const keys = [
    ...findings.map((f) => findingKey(f.id)),
    ...openServices.map((s) => serviceKey(s.id)),
    ...cloud.map((c) => cloudKey(c.id)),
  ];
  const checked = new Map((await validations(ctx.db, scope.tenant_id, keys)).map((v) => [v.exposure_key, v]));
  const scopeImpact = impactOf(scope.business_impact) ?? "Medium";

  const exposures: CtemExposure[] = [];
  const add = (
    key: string,
    asset: SelectedAsset,
    rest: Omit<CtemExposure, "key" | "asset" | "score" | "factors" | "validation">,
    input: { cvss: number | null; kev: boolean; epss: number | null },
  ) => {
    const v = checked.get(key);
    const state = (v?.state ?? null) as CtemValidationState | null;
    const { score, factors } = scoreExposure({
      ...input,
      severity: rest.severity,
      port: rest.port,
      assetImpact: impactOf(asset.business_impact),
      scopeImpact,
      internetFacing: Number(asset.internet_facing) === 1,
      validation: state,
    });
    exposures.push({
      key,
      asset: { id: asset.id, name: asset.name, key: asset.asset_key },
      ...rest,
      score,
      factors,
      validation:
        v && state
          ? {
              state,
              evidence: v.evidence,
              source: v.source === "nuclei" ? "nuclei" : "manual",
              by: v.by_name,
              at: iso(Number(v.at)),
            }
          : null,
    });
  };
  for (const f of findings) {
    const asset = byId.get(f.asset_id);
    if (!asset) continue;
    add(
      findingKey(f.id),
      asset,
      {
        kind: "finding",
        title: f.title,
        severity: severityOf(f.severity),
        cves: JSON.parse(f.cve_ids) as string[],
        port: f.port,
        findingId: f.id,
      },
      {
        cvss: f.cvss_score === null ? null : Number(f.cvss_score),
        kev: Number(f.kev) === 1,
        epss: f.epss === null ? null : Number(f.epss),
      },
    );
  }
  for (const s of openServices) {
    const asset = byId.get(s.asset_id);
    if (!asset) continue;
    const what = [s.service_name, s.product, s.version].filter(Boolean).join(" ");
    add(
      serviceKey(s.id),
      asset,
      {
        kind: "service",
        title: `${s.address}:${s.port}/${s.protocol} open${what ? ` (${what})` : ""}`,
        severity: null,
        cves: [],
        port: s.port,
        findingId: null,
      },
      { cvss: null, kev: false, epss: null },
    );
  }
  for (const c of cloud) {
    const asset = byId.get(c.assetId);
    if (!asset) continue;
    add(
      cloudKey(c.id),
      asset,
      { kind: "cloud", title: c.title, severity: c.severity, cves: [], port: null, findingId: null },
      { cvss: null, kev: false, epss: null },
    );
  }
  exposures.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  return { assets, exposures, score: scoreScope(exposures.map((e) => e.score)) };
}
