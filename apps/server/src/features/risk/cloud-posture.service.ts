import { type CloudPosture, cloudPostureLimit } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { iso } from "../../lib/time";
import { cloudAssets, cloudTotals } from "./cloud-posture.repository";
import { tenantNames } from "./risk.repository";

/**
 * Cloud Posture before the compliance import exists: the cloud assets Watchfloor already knows
 * (client environment Cloud) with their open scanner findings. No cloud checks are invented; the
 * page says what will feed them.
 */
export async function cloudPosture(ctx: AppContext, tenantIds: readonly string[]): Promise<CloudPosture> {
  const totals = await cloudTotals(ctx.db, tenantIds);
  const rows = await cloudAssets(ctx.db, tenantIds, cloudPostureLimit);
  const names = await tenantNames(ctx.db, tenantIds);
  return {
    totals,
    assets: rows.map((r) => ({
      assetId: r.id,
      tenantId: r.tenant_id,
      tenantName: names.get(r.tenant_id) ?? r.tenant_id,
      assetKey: r.asset_key,
      name: r.name,
      type: r.type,
      site: r.site,
      owner: r.owner,
      internetFacing: r.internet_facing === 1,
      lastSeenAt: iso(r.last_seen),
      openFindings: r.n,
      openBySeverity: { Critical: r.critical, High: r.high, Medium: r.medium, Low: r.low },
      kevFindings: r.kev,
      maxScore: r.max_score,
    })),
    truncated: totals.assets > rows.length,
  };
}
