import { type AssetRiskInput, type EstateInput, type ImpactKey, impactKey, normaliseAddress } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { identitiesOf } from "../assets/assets-match";
import * as repo from "./risk.repository";

export interface EstateAsset {
  row: repo.AssetRiskRow;
  input: AssetRiskInput;
}

/** The tenants in scope as the risk model sees them: assets with open findings, clean asset counts, incidents. */
export interface Estate {
  assets: EstateAsset[];
  /** Assets without open findings, per tenant and business impact. */
  clean: Map<string, Partial<Record<ImpactKey, number>>>;
  inventory: Map<string, number>;
  /** Distinct open incidents that touch at least one asset, per tenant. */
  incidentsOnAssets: Map<string, number>;
}

/**
 * Open incidents per asset: an incident counts for every asset that one of its alerts names by
 * host name (short or full) or address, within the alert's own tenant.
 */
async function incidentsPerAsset(ctx: AppContext, tenantIds: readonly string[]) {
  const alerts = await repo.openIncidentHosts(ctx.db, tenantIds);
  const keysOf = (a: (typeof alerts)[number]) => {
    const ids = identitiesOf({
      scanner: "alert",
      hostname: a.hostname,
      ip: null,
      fqdn: null,
      cloudResourceId: null,
      image: null,
      target: null,
    });
    for (const ip of [a.src_ip, a.dst_ip]) if (ip?.trim()) ids.push({ kind: "ip", value: normaliseAddress(ip) });
    return ids;
  };
  const perAlert = alerts.map((a) => ({ alert: a, keys: keysOf(a) }));
  const known = await repo.assetsByIdentities(
    ctx.db,
    tenantIds,
    ["hostname", "fqdn", "ip"],
    perAlert.flatMap((p) => p.keys.map((k) => k.value)),
  );
  const owner = new Map(known.map((k) => [`${k.tenant_id}\u0000${k.kind}\u0000${k.value}`, k.asset_id]));
  const incidents = new Map<string, Set<string>>();
  const touched = new Map<string, Set<string>>();
  for (const { alert, keys } of perAlert) {
    if (!alert.incident_id) continue;
    for (const k of keys) {
      const assetId = owner.get(`${alert.tenant_id}\u0000${k.kind}\u0000${k.value}`);
      if (!assetId) continue;
      if (!incidents.has(assetId)) incidents.set(assetId, new Set());
      incidents.get(assetId)?.add(alert.incident_id);
      if (!touched.has(alert.tenant_id)) touched.set(alert.tenant_id, new Set());
      touched.get(alert.tenant_id)?.add(alert.incident_id);
    }
  }
  return {
    perAsset: new Map([...incidents].map(([id, set]) => [id, set.size])),
    perTenant: new Map([...touched].map(([id, set]) => [id, set.size])),
  };
}

export function inputOf(row: repo.AssetRiskRow, openIncidents: number): AssetRiskInput {
  return {
    findings: {
      base: { max: row.max_b, sum: row.sum_b },
      epss: { max: row.max_e, sum: row.sum_e },
      full: { max: row.max_r, sum: row.sum_r },
    },
    businessImpact: row.business_impact,
    internetFacing: row.internet_facing === 1,
    openIncidents,
  };
}

export async function loadEstate(ctx: AppContext, tenantIds: readonly string[]): Promise<Estate> {
  // One after another: better-sqlite3 is synchronous, and PostgreSQL keeps one pooled connection.
  const rows = await repo.assetRiskRows(ctx.db, tenantIds);
  const counts = await repo.assetCounts(ctx.db, tenantIds);
  const incidents = await incidentsPerAsset(ctx, tenantIds);
  const assets = rows.map((row) => ({ row, input: inputOf(row, incidents.perAsset.get(row.asset_id) ?? 0) }));
  const clean = new Map<string, Partial<Record<ImpactKey, number>>>();
  const inventory = new Map<string, number>();
  for (const c of counts) {
    const tenant = clean.get(c.tenant_id) ?? {};
    const key = impactKey(c.business_impact);
    tenant[key] = (tenant[key] ?? 0) + c.n;
    clean.set(c.tenant_id, tenant);
    inventory.set(c.tenant_id, (inventory.get(c.tenant_id) ?? 0) + c.n);
  }
  for (const { row } of assets) {
    const tenant = clean.get(row.tenant_id) ?? {};
    const key = impactKey(row.business_impact);
    tenant[key] = Math.max(0, (tenant[key] ?? 0) - 1);
    clean.set(row.tenant_id, tenant);
  }
  return { assets, clean, inventory, incidentsOnAssets: incidents.perTenant };
}

/** The model's input for some tenants of the estate (all of them by default). */
export function estateInput(estate: Estate, tenantIds?: readonly string[]): EstateInput {
  const keep = tenantIds ? new Set(tenantIds) : null;
  const cleanAssets: Partial<Record<ImpactKey, number>> = {};
  for (const [tenantId, counts] of estate.clean) {
    if (keep && !keep.has(tenantId)) continue;
    for (const [k, n] of Object.entries(counts)) cleanAssets[k as ImpactKey] = (cleanAssets[k as ImpactKey] ?? 0) + (n ?? 0);
  }
  const assets = estate.assets.filter((a) => !keep || keep.has(a.row.tenant_id)).map((a) => a.input);
  return { assets, cleanAssets };
}
