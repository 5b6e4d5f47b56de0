import { assetKeyNumber } from "@watchfloor/shared";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { AssetIdentitiesTable, AssetsTable, DB } from "../../db/tables";
import type { AssetIdentity } from "./assets-match";

type Db = Kysely<DB> | Transaction<DB>;
const CHUNK = 400;

export type AssetRow = Selectable<AssetsTable>;
/** The asset fields copied onto each of its findings (see syncFindingAssetFields). */
export type AssetCopy = Pick<
  AssetRow,
  "id" | "asset_key" | "name" | "type" | "department" | "business_impact" | "client_environment"
>;

function* chunks<T>(items: readonly T[], size = CHUNK): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Owners of the given identities in one tenant (identities nobody owns are absent). */
export async function findIdentityOwners(
  db: Db,
  tenantId: string,
  identities: readonly AssetIdentity[],
): Promise<AssetIdentitiesTable[]> {
  const wanted = new Set(identities.map((i) => `${i.kind}\u0000${i.value}`));
  const out: AssetIdentitiesTable[] = [];
  for (const values of chunks([...new Set(identities.map((i) => i.value))])) {
    const rows = await db
      .selectFrom("asset_identities")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .where("value", "in", values)
      .execute();
    for (const r of rows) if (wanted.has(`${r.kind}\u0000${r.value}`)) out.push(r);
  }
  return out;
}

export async function identitiesOfAssets(
  db: Db,
  tenantId: string,
  assetIds: readonly string[],
  kind?: string,
): Promise<AssetIdentitiesTable[]> {
  const out: AssetIdentitiesTable[] = [];
  for (const ids of chunks(assetIds)) {
    let query = db.selectFrom("asset_identities").selectAll().where("tenant_id", "=", tenantId).where("asset_id", "in", ids);
    if (kind) query = query.where("kind", "=", kind);
    out.push(...(await query.execute()));
  }
  return out;
}

export async function assetCopies(db: Db, tenantId: string, assetIds: readonly string[]): Promise<AssetCopy[]> {
  const out: AssetCopy[] = [];
  for (const ids of chunks(assetIds)) {
    out.push(
      ...(await db
        .selectFrom("assets")
        .select(["id", "asset_key", "name", "type", "department", "business_impact", "client_environment"])
        .where("tenant_id", "=", tenantId)
        .where("id", "in", ids)
        .execute()),
    );
  }
  return out;
}

/**
 * The highest `ASSET-nnnn` number in a tenant. Keys sort as text, so the longest key first, then
 * the greatest: ASSET-10000 after ASSET-9999.
 */
export async function highestAssetNumber(db: Db, tenantId: string): Promise<number> {
  const rows = await db
    .selectFrom("assets")
    .select("asset_key")
    .where("tenant_id", "=", tenantId)
    .where("asset_key", "like", "ASSET-%")
    .orderBy((eb) => eb.fn("length", ["asset_key"]), "desc")
    .orderBy("asset_key", "desc")
    .limit(20)
    .execute();
  return rows.reduce((max, r) => Math.max(max, assetKeyNumber(r.asset_key) ?? 0), 0);
}

export async function insertAssets(db: Db, rows: AssetsTable[]): Promise<void> {
  for (const part of chunks(rows, 200)) await db.insertInto("assets").values(part).execute();
}

export async function insertIdentities(db: Db, rows: AssetIdentitiesTable[]): Promise<void> {
  for (const part of chunks(rows, 500)) {
    await db
      .insertInto("asset_identities")
      .values(part)
      .onConflict((oc) => oc.columns(["tenant_id", "kind", "value"]).doNothing())
      .execute();
  }
}

/** Moves assets' last seen forward (never back: an old scan imported late does not age them). */
export async function touchAssets(db: Db, tenantId: string, seen: ReadonlyMap<string, number>, now: number): Promise<void> {
  const byTime = new Map<number, string[]>();
  for (const [id, at] of seen) {
    const group = byTime.get(at);
    if (group) group.push(id);
    else byTime.set(at, [id]);
  }
  for (const [at, ids] of byTime) {
    for (const part of chunks(ids)) {
      await db
        .updateTable("assets")
        .set({ last_seen: at, updated_at: now })
        .where("tenant_id", "=", tenantId)
        .where("id", "in", part)
        .where("last_seen", "<", at)
        .execute();
    }
  }
}

/**
 * Copies an asset's key, name, type, department, business impact and environment onto its
 * findings, which carry them so finding lists sort and filter on one row. Call after changing
 * any of those on an asset.
 */
export async function syncFindingAssetFields(db: Db, tenantId: string, assetId: string): Promise<void> {
  const asset = await db
    .selectFrom("assets")
    .select(["asset_key", "name", "type", "department", "business_impact", "client_environment"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", assetId)
    .executeTakeFirst();
  if (!asset) return;
  await db
    .updateTable("findings")
    .set({
      asset_key: asset.asset_key,
      asset_name: asset.name,
      asset_type: asset.type,
      department: asset.department,
      business_impact: asset.business_impact,
      client_environment: asset.client_environment,
    })
    .where("tenant_id", "=", tenantId)
    .where("asset_id", "=", assetId)
    .execute();
}

/** Each host name the tenant's alerts mention, with the device type and environment first seen for it. */
export async function alertHosts(
  db: Db,
  tenantId: string,
): Promise<{ hostname: string; device_type: string | null; client_environment: string | null }[]> {
  const rows = await db
    .selectFrom("alerts")
    .select(["hostname", "device_type", "client_environment"])
    .where("tenant_id", "=", tenantId)
    .where("hostname", "is not", null)
    .orderBy("hostname")
    .orderBy("id")
    .execute();
  const seen = new Set<string>();
  const out: { hostname: string; device_type: string | null; client_environment: string | null }[] = [];
  for (const r of rows) {
    if (!r.hostname || seen.has(r.hostname)) continue;
    seen.add(r.hostname);
    out.push({ hostname: r.hostname, device_type: r.device_type, client_environment: r.client_environment });
  }
  return out;
}

export async function anyAsset(db: Db): Promise<boolean> {
  return Boolean(await db.selectFrom("assets").select("id").limit(1).executeTakeFirst());
}

export async function assetsByKey(db: Db, tenantId: string, keys: readonly string[]): Promise<Map<string, AssetRow>> {
  const out = new Map<string, AssetRow>();
  for (const part of chunks([...new Set(keys)])) {
    for (const row of await db
      .selectFrom("assets")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .where("asset_key", "in", part)
      .execute())
      out.set(row.asset_key, row);
  }
  return out;
}

/** Rewrites an asset's inventory fields (the caller merges what the file leaves empty). */
export async function updateAssetFields(db: Db, row: AssetRow): Promise<void> {
  const { id, tenant_id, asset_key: _key, created_at: _created, ...fields } = row;
  await db.updateTable("assets").set(fields).where("tenant_id", "=", tenant_id).where("id", "=", id).execute();
}

export async function cweNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const part of chunks([...new Set(ids)])) {
    for (const r of await db.selectFrom("cwe_names").select(["cwe_id", "name"]).where("cwe_id", "in", part).execute())
      out.set(r.cwe_id, r.name);
  }
  return out;
}
