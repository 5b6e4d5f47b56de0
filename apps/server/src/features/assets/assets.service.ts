import { type AssetListQuery, type AssetSummary, priorities } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { iso, isoOrNull } from "../../lib/time";
import { decodeSortCursor, encodeSortCursor } from "../../http/cursor";
import {
  type AssetListRow,
  assetCursorSort,
  assetIdentities,
  assetPage,
  findAsset,
  findingsByStatus,
  openFindingFigures,
} from "./assets-list.repository";

type Figures = Awaited<ReturnType<typeof openFindingFigures>>;
type AssetFields = Omit<AssetListRow, "sort_value">;

const zeroCounts = () => Object.fromEntries(priorities.map((p) => [p, 0])) as AssetSummary["openBySeverity"];

/** Open-finding figures of one asset from its per-severity rows. */
function summarise(rows: Figures) {
  const bySeverity = zeroCounts();
  let maxScore: number | null = null;
  let kev = 0;
  let overdue = 0;
  let nextDue: number | null = null;
  for (const r of rows) {
    if (r.severity in bySeverity) bySeverity[r.severity as keyof typeof bySeverity] += Number(r.n);
    if (r.max_score != null) maxScore = Math.max(maxScore ?? 0, Number(r.max_score));
    kev += Number(r.kev ?? 0);
    overdue += Number(r.overdue ?? 0);
    if (r.next_due != null) nextDue = Math.min(nextDue ?? Number.POSITIVE_INFINITY, Number(r.next_due));
  }
  const open = Object.values(bySeverity).reduce((a, b) => a + b, 0);
  return { bySeverity, open, maxScore, kev, overdue, nextDue };
}

function toAssetSummary(row: AssetFields, identities: { kind: string; value: string }[], figures: Figures): AssetSummary {
  const s = summarise(figures);
  return {
    id: row.id,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    assetKey: row.asset_key,
    name: row.name,
    type: row.type,
    identities,
    department: row.department,
    businessImpact: row.business_impact,
    environment: row.client_environment,
    site: row.site,
    owner: row.owner,
    lastSeenAt: isoOrNull(row.last_seen),
    openFindings: s.open,
    openBySeverity: s.bySeverity,
    maxScore: s.maxScore,
    kevCount: s.kev,
    overdueCount: s.overdue,
  };
}

async function summaries(ctx: AppContext, scope: TenantScope, rows: AssetFields[], now: number) {
  const ids = rows.map((r) => r.id);
  const [identities, figures] = await Promise.all([
    assetIdentities(ctx.db, scope.tenantIds, ids),
    openFindingFigures(ctx.db, scope.tenantIds, ids, now),
  ]);
  return rows.map((r) =>
    toAssetSummary(
      r,
      identities.filter((i) => i.asset_id === r.id).map((i) => ({ kind: i.kind, value: i.value })),
      figures.filter((f) => f.asset_id === r.id),
    ),
  );
}

export async function listAssets(ctx: AppContext, scope: TenantScope, query: AssetListQuery) {
  const now = ctx.now();
  const rows = await assetPage(ctx.db, scope.tenantIds, query, now, decodeSortCursor(query.cursor, assetCursorSort(query)));
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await summaries(ctx, scope, page, now),
    nextCursor: rows.length > query.limit && last ? encodeSortCursor(query, { v: last.sort_value, id: last.id }) : null,
  };
}

/** The asset page: its fields and a summary of its findings (the rows: GET /findings?assetId=). */
export async function getAsset(ctx: AppContext, scope: TenantScope, id: string) {
  const row = await findAsset(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Asset");
  const now = ctx.now();
  const [identities, figures, byStatus] = await Promise.all([
    assetIdentities(ctx.db, [row.tenant_id], [row.id]),
    openFindingFigures(ctx.db, [row.tenant_id], [row.id], now),
    findingsByStatus(ctx.db, row.tenant_id, row.id),
  ]);
  const s = summarise(figures);
  return {
    asset: {
      ...toAssetSummary(
        row,
        identities.map((i) => ({ kind: i.kind, value: i.value })),
        figures,
      ),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    },
    findings: {
      total: byStatus.reduce((a, b) => a + Number(b.n), 0),
      byStatus: Object.fromEntries(byStatus.map((b) => [b.status, Number(b.n)])),
      openBySeverity: s.bySeverity,
      kevCount: s.kev,
      overdueCount: s.overdue,
      nextDueAt: isoOrNull(s.nextDue),
    },
  };
}
