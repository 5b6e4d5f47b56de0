import type { Priority } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { identitiesOfAssets } from "../assets/assets.repository";
import { listChecks, listResources } from "../cloud-sec/cloud-sec.repository";

/** At most this many cloud resources per asset, and failing checks per resource. */
const RESOURCES = 20;
const CHECKS = 100;
const severities: Record<string, Priority> = { critical: "Critical", high: "High", medium: "Medium", low: "Low" };

export interface CloudExposure {
  id: string;
  assetId: string;
  resourceId: string;
  title: string;
  severity: Priority;
}

/**
 * Failing cloud checks (Cloud Sec: the latest cloud-account scans, failing or in error, no
 * exception) of the resources the scope's assets are: an asset links to a resource through its
 * `cloud` identity (a scanner's cloud resource id), compared without regard to case since
 * identities are stored lower-cased.
 */
export async function cloudExposures(ctx: AppContext, tenantId: string, assetIds: readonly string[]): Promise<CloudExposure[]> {
  const links = await identitiesOfAssets(ctx.db, tenantId, assetIds, "cloud");
  const now = ctx.now();
  const out: CloudExposure[] = [];
  for (const link of links) {
    const { rows } = await listResources(
      ctx.db,
      [tenantId],
      { tenantId, q: link.value, failing: true, sort: "severity", limit: RESOURCES, offset: 0 },
      now,
    );
    for (const resource of rows.filter((r) => r.resource_id?.toLowerCase() === link.value)) {
      const checks = await listChecks(ctx.db, [tenantId], { tenantId, resource: resource.resource_id }, now, CHECKS);
      for (const c of checks.rows) {
        if (!(c.result === "fail" || c.result === "error") || Number(c.excepted) === 1) continue;
        out.push({
          id: c.id,
          assetId: link.asset_id,
          resourceId: resource.resource_id ?? link.value,
          title: `${c.title} (${resource.resource_id})`,
          severity: severities[String(c.severity)] ?? "Low",
        });
      }
    }
  }
  return out;
}
