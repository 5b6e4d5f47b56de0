import { type Kysely, sql, type Transaction } from "kysely";
import { containsPattern } from "../../db/like";
import type { DB } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/** A selection of one tenant's assets: named ones, and/or every asset matching all the given parts. */
export interface AssetSelection {
  assetIds?: readonly string[];
  department?: string;
  nameContains?: string;
  internetFacingOnly?: boolean;
}

/** At most this many assets per selection (a CTEM scope, docs/ctem.md). */
export const ASSET_SELECTION_MAX = 2000;

/**
 * The assets of a tenant in scope that a selection holds: the named ids plus, when the selection
 * has a rule part, every asset matching all of its parts. Another tenant's ids are simply absent.
 */
export async function selectAssets(db: Db, tenantIds: readonly string[], tenantId: string, s: AssetSelection) {
  if (!tenantIds.includes(tenantId)) return [];
  const hasRule = Boolean(s.department || s.nameContains || s.internetFacingOnly);
  const ids = s.assetIds ?? [];
  if (!hasRule && ids.length === 0) return [];
  let query = db
    .selectFrom("assets")
    .select(["id", "tenant_id", "asset_key", "name", "type", "department", "business_impact", "internet_facing"])
    .where("tenant_id", "=", tenantId);
  query = query.where((eb) => {
    const named = ids.length > 0 ? [eb("id", "in", [...ids])] : [];
    if (!hasRule) return eb.or(named);
    const parts = [];
    if (s.department) parts.push(eb(sql`lower(department)`, "=", s.department.toLowerCase()));
    if (s.nameContains) {
      const like = containsPattern(s.nameContains);
      parts.push(sql<boolean>`(lower(name) like ${like} escape '\\' or lower(asset_key) like ${like} escape '\\')`);
    }
    if (s.internetFacingOnly) parts.push(eb("internet_facing", "=", 1));
    return eb.or([...named, eb.and(parts)]);
  });
  return query.orderBy("asset_key").limit(ASSET_SELECTION_MAX).execute();
}
export type SelectedAsset = Awaited<ReturnType<typeof selectAssets>>[number];
