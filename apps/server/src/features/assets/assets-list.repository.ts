import type { AssetListQuery, AssetSortKey } from "@watchfloor/shared";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/tables";
import type { CursorSort } from "../../http/cursor";
import { openFindingStatuses } from "@watchfloor/shared";
import { type Cursor, keysetPage } from "../../db/keyset";
import { containsPattern } from "../../db/like";

const open = () => sql.join([...openFindingStatuses]);

/**
 * Per-asset figures over open findings, for sorting on them: one grouped pass over the
 * tenants' open findings (asset-column sorts do not pay for it).
 */
const aggregateSorts: Partial<Record<AssetSortKey, string>> = {
  openFindings: "coalesce(agg.open_count, 0)",
  maxScore: "agg.max_score",
  kevCount: "coalesce(agg.kev_count, 0)",
  overdueCount: "coalesce(agg.overdue_count, 0)",
};

const columnSorts: Partial<Record<AssetSortKey, { sql: string; nullable: boolean }>> = {
  assetKey: { sql: "assets.asset_key", nullable: false },
  name: { sql: "assets.name", nullable: false },
  type: { sql: "assets.type", nullable: false },
  department: { sql: "assets.department", nullable: true },
  businessImpact: { sql: "assets.business_impact", nullable: true },
  environment: { sql: "assets.client_environment", nullable: true },
  site: { sql: "assets.site", nullable: true },
  owner: { sql: "assets.owner", nullable: true },
  lastSeen: { sql: "assets.last_seen", nullable: false },
};

function sortOf(key: AssetSortKey): { sql: string; nullable: boolean } {
  const aggregate = aggregateSorts[key];
  if (aggregate) return { sql: aggregate, nullable: key === "maxScore" };
  return columnSorts[key] as { sql: string; nullable: boolean };
}

/** What an asset-list cursor continues (see decodeSortCursor): figures and last seen are numbers. */
export function assetCursorSort(q: Pick<AssetListQuery, "sort" | "dir">): CursorSort {
  const numeric = q.sort in aggregateSorts || q.sort === "lastSeen";
  return { sort: q.sort, dir: q.dir, type: numeric ? "number" : "string", nullable: sortOf(q.sort).nullable };
}

/** A condition on the asset's open findings, answered through the (asset_id, id) index. */
const hasOpen = (extra: ReturnType<typeof sql>) =>
  sql<boolean>`exists (select 1 from findings where findings.asset_id = assets.id and findings.status in (${open()}) and ${extra})`;

/** One page of the asset inventory in the tenants in scope; tenant scope first, always. */
export function assetPage(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  q: AssetListQuery,
  now: number,
  cursor: Cursor | undefined,
) {
  const picked = q.tenant?.length ? tenantIds.filter((t) => q.tenant?.includes(t)) : [...tenantIds];
  const tenants = picked.length ? picked : ["-"];
  const sort = sortOf(q.sort);
  const column = sql.raw(sort.sql);
  const aggregated = q.sort in aggregateSorts;
  const select = () => {
    let query = db
      .selectFrom("assets")
      .$if(aggregated, (qb) =>
        qb.leftJoin(
          (eb) =>
            eb
              .selectFrom("findings")
              .select([
                "findings.asset_id",
                sql<number>`count(*)`.as("open_count"),
                sql<number | null>`max(findings.cvss_score)`.as("max_score"),
                sql<number>`sum(findings.kev)`.as("kev_count"),
                sql<number>`sum(case when findings.due_at < ${now} then 1 else 0 end)`.as("overdue_count"),
              ])
              .where("findings.tenant_id", "in", tenants)
              .where("findings.status", "in", [...openFindingStatuses])
              .groupBy("findings.asset_id")
              .as("agg"),
          (join) => join.onRef("agg.asset_id", "=", "assets.id"),
        ),
      )
      .where("assets.tenant_id", "in", tenants)
      .selectAll("assets")
      .select([
        sql<string | number | null>`${column}`.as("sort_value"),
        sql<string>`(select name from tenants where tenants.id = assets.tenant_id)`.as("tenant_name"),
      ]);
    if (q.type?.length) query = query.where("assets.type", "in", q.type);
    if (q.department?.length) query = query.where("assets.department", "in", q.department);
    if (q.businessImpact?.length) query = query.where("assets.business_impact", "in", q.businessImpact);
    if (q.environment?.length) query = query.where("assets.client_environment", "in", q.environment);
    if (q.site?.length) query = query.where("assets.site", "in", q.site);
    const not = (yes: boolean | undefined, condition: ReturnType<typeof hasOpen>) =>
      yes ? condition : sql<boolean>`not ${condition}`;
    if (q.vulnerable != null) query = query.where(not(q.vulnerable, hasOpen(sql`1 = 1`)));
    if (q.kev != null) query = query.where(not(q.kev, hasOpen(sql`findings.kev = 1`)));
    if (q.overdue != null) query = query.where(not(q.overdue, hasOpen(sql`findings.due_at < ${now}`)));
    if (q.q) {
      const like = containsPattern(q.q);
      query = query.where(
        sql<boolean>`(lower(assets.name) like ${like} escape '\\' or lower(assets.asset_key) like ${like} escape '\\'
          or exists (select 1 from asset_identities where asset_identities.asset_id = assets.id and asset_identities.value like ${like} escape '\\'))`,
      );
    }
    return query;
  };
  return keysetPage({ select, column, id: "assets.id", nullable: sort.nullable, dir: q.dir, cursor, want: q.limit + 1 });
}

export type AssetListRow = Awaited<ReturnType<typeof assetPage>>[number];

/** Open findings of the given assets by severity, with their highest score, KEV and overdue counts. */
export async function openFindingFigures(db: Kysely<DB>, tenantIds: readonly string[], assetIds: readonly string[], now: number) {
  if (assetIds.length === 0 || tenantIds.length === 0) return [];
  return db
    .selectFrom("findings")
    .select([
      "findings.asset_id",
      "findings.severity",
      sql<number>`count(*)`.as("n"),
      sql<number | null>`max(findings.cvss_score)`.as("max_score"),
      sql<number>`sum(findings.kev)`.as("kev"),
      sql<number>`sum(case when findings.due_at < ${now} then 1 else 0 end)`.as("overdue"),
      sql<number | null>`min(case when findings.due_at >= ${now} then findings.due_at end)`.as("next_due"),
    ])
    .where("findings.tenant_id", "in", [...tenantIds])
    .where("findings.asset_id", "in", [...assetIds])
    .where("findings.status", "in", [...openFindingStatuses])
    .groupBy(["findings.asset_id", "findings.severity"])
    .execute();
}

export async function assetIdentities(db: Kysely<DB>, tenantIds: readonly string[], assetIds: readonly string[]) {
  if (assetIds.length === 0 || tenantIds.length === 0) return [];
  return db
    .selectFrom("asset_identities")
    .select(["asset_id", "kind", "value"])
    .where("tenant_id", "in", [...tenantIds])
    .where("asset_id", "in", [...assetIds])
    .orderBy("kind")
    .orderBy("value")
    .execute();
}

/** Findings of one asset by status (every status), for the asset page. */
export const findingsByStatus = (db: Kysely<DB>, tenantId: string, assetId: string) =>
  db
    .selectFrom("findings")
    .select(["status", sql<number>`count(*)`.as("n")])
    .where("tenant_id", "=", tenantId)
    .where("asset_id", "=", assetId)
    .groupBy("status")
    .execute();

export const findAsset = (db: Kysely<DB>, tenantIds: readonly string[], id: string) =>
  tenantIds.length === 0
    ? Promise.resolve(undefined)
    : db
        .selectFrom("assets")
        .selectAll("assets")
        .select(sql<string>`(select name from tenants where tenants.id = assets.tenant_id)`.as("tenant_name"))
        .where("assets.id", "=", id)
        .where("assets.tenant_id", "in", [...tenantIds])
        .executeTakeFirst();
