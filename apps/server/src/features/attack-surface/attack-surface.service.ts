import type { AttackSurface, AttackSurfaceQuery, SurfaceImport } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { TenantScope } from "../../http/policy";
import { iso } from "../../lib/time";
import * as repo from "./attack-surface.repository";
import { buildSurface, filterSurface, sortSurface, summarise } from "./surface-view";

/**
 * The attack surface of the tenants in scope: summary figures over all of it, then one page of
 * the assets that match the filters. Built in memory from the surface tables (one row per
 * scanned address and open port), which stay small next to findings: a tenant's exposed ports
 * number in the thousands, not millions.
 */
export async function getAttackSurface(ctx: AppContext, scope: TenantScope, query: AttackSurfaceQuery): Promise<AttackSurface> {
  const tenantIds = scope.tenantIds;
  const [assets, hosts, services, scans] = await Promise.all([
    repo.surfaceAssets(ctx.db, tenantIds),
    repo.surfaceHosts(ctx.db, tenantIds),
    repo.surfaceServices(ctx.db, tenantIds),
    repo.scanTimes(ctx.db, tenantIds),
  ]);
  const assetIds = assets.map((a) => a.id);
  const [identities, findings, findingPorts, observedPorts] = await Promise.all([
    repo.assetIdentityRows(ctx.db, tenantIds, assetIds),
    repo.openFindingCounts(ctx.db, tenantIds, assetIds),
    repo.openFindingPorts(ctx.db, tenantIds, assetIds),
    repo.observedPorts(ctx.db, tenantIds, assetIds),
  ]);
  const firstScanAt = new Map<string, number>();
  for (const s of scans) if (!firstScanAt.has(s.tenant_id)) firstScanAt.set(s.tenant_id, Number(s.scanned_at));
  const all = buildSurface({
    now: ctx.now(),
    assets,
    identities,
    hosts,
    services,
    findings,
    findingPorts,
    observedPorts,
    firstScanAt,
  });
  const matching = sortSurface(filterSurface(all, query), query.sort);
  return {
    summary: summarise(
      all,
      scans.map((s) => Number(s.scanned_at)),
    ),
    items: matching.slice(query.offset, query.offset + query.limit),
    total: matching.length,
  };
}

/** The nmap imports of the tenants in scope, newest first. */
export async function listSurfaceImports(
  ctx: AppContext,
  scope: TenantScope,
  limit: number,
): Promise<{ items: SurfaceImport[] }> {
  const rows = await repo.surfaceImports(ctx.db, scope.tenantIds, limit);
  return {
    items: rows.map((r) => ({
      id: r.id,
      tenantId: r.tenant_id,
      tenantName: r.tenant_name,
      filename: r.filename,
      nmapVersion: r.scanner_version,
      args: r.args,
      scannedAt: iso(r.scanned_at),
      createdAt: iso(r.created_at),
      createdBy: r.created_by_name ?? (r.created_by ? null : "CLI or API key"),
      baseline: r.baseline === 1,
      hosts: r.hosts,
      servicesOpen: r.services_open,
      servicesNew: r.services_new,
      servicesClosed: r.services_closed,
      certificates: r.certificates,
      rejected: r.rejected,
    })),
  };
}
