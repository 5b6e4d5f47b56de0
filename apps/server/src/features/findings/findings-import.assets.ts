import { type FindingInput, formatAssetKey } from "@watchfloor/shared";
import type { Transaction } from "kysely";
import type { AssetIdentitiesTable, AssetsTable, DB } from "../../db/tables";
import { newId } from "../../lib/tokens";
import { type AssetIdentity, assetSeedOf, chooseAsset, identitiesOf } from "../assets/assets-match";
import {
  type AssetCopy,
  assetCopies,
  findIdentityOwners,
  highestAssetNumber,
  identitiesOfAssets,
  insertAssets,
  insertIdentities,
  touchAssets,
} from "../assets/assets.repository";

const key = (i: AssetIdentity) => `${i.kind}\u0000${i.value}`;

export interface ResolvedAsset {
  asset: AssetCopy;
  identities: AssetIdentity[];
}

/**
 * Finds or creates the asset of each scanner record in one import, batch by batch. It remembers
 * the identities it has looked up (bounded by the number of assets, not findings), so a host
 * scanned for 5,000 findings is looked up once; one machine named by host name in one record
 * and by address in another of the same batch becomes one asset.
 */
export class AssetResolver {
  created = 0;
  /** Assets the import covered, with the latest time each was seen: the scan's scope. */
  readonly seen = new Map<string, number>();
  private readonly owners = new Map<string, string>();
  private readonly looked = new Set<string>();
  private readonly fqdns = new Map<string, string[]>();
  private readonly assets = new Map<string, AssetCopy>();
  private nextNumber: number | undefined;

  constructor(
    private readonly trx: Transaction<DB>,
    private readonly tenantId: string,
    private readonly now: number,
  ) {}

  async resolve(records: { finding: FindingInput; seenAt: number; firstSeen: number }[]): Promise<ResolvedAsset[]> {
    const perRecord = records.map((r) => identitiesOf(r.finding));
    await this.load(perRecord.flat());
    const newAssets: AssetsTable[] = [];
    const newIdentities: AssetIdentitiesTable[] = [];
    const out: ResolvedAsset[] = [];
    for (const [i, record] of records.entries()) {
      const identities = perRecord[i] ?? [];
      let assetId = chooseAsset(
        identities,
        (id) => this.owners.get(key(id)),
        (a) => this.fqdns.get(a) ?? [],
      );
      if (!assetId) {
        assetId = newId();
        this.nextNumber ??= (await highestAssetNumber(this.trx, this.tenantId)) + 1;
        const seed = assetSeedOf(record.finding, identities);
        const row: AssetsTable = {
          id: assetId,
          tenant_id: this.tenantId,
          asset_key: formatAssetKey(this.nextNumber++),
          name: seed.name,
          type: seed.type,
          department: null,
          business_impact: null,
          client_environment: seed.clientEnvironment,
          site: null,
          latitude: null,
          longitude: null,
          owner: null,
          internet_facing: seed.internetFacing ? 1 : 0,
          created_at: this.now,
          updated_at: this.now,
          first_seen: record.firstSeen,
          last_seen: record.seenAt,
        };
        newAssets.push(row);
        this.assets.set(assetId, {
          id: assetId,
          asset_key: row.asset_key,
          name: row.name,
          type: row.type,
          department: null,
          business_impact: null,
          client_environment: row.client_environment,
        });
        this.created++;
      }
      // Identities nobody owns yet join this asset: next time an address alone finds it.
      for (const identity of identities) {
        if (this.owners.has(key(identity))) continue;
        this.owners.set(key(identity), assetId);
        newIdentities.push({ tenant_id: this.tenantId, asset_id: assetId, kind: identity.kind, value: identity.value });
        if (identity.kind === "fqdn") this.fqdns.set(assetId, [...(this.fqdns.get(assetId) ?? []), identity.value]);
      }
      this.seen.set(assetId, Math.max(this.seen.get(assetId) ?? 0, record.seenAt));
      out.push({ asset: this.assets.get(assetId) as AssetCopy, identities });
    }
    await insertAssets(this.trx, newAssets);
    await insertIdentities(this.trx, newIdentities);
    return out;
  }

  /** Known assets the import covered (the rest of `seen` it created). */
  get matched(): number {
    return this.seen.size - this.created;
  }

  /** Moves the covered assets' last seen forward; call once when the file is read. */
  finish(): Promise<void> {
    return touchAssets(this.trx, this.tenantId, this.seen, this.now);
  }

  private async load(identities: AssetIdentity[]): Promise<void> {
    const fresh = identities.filter((i) => !this.looked.has(key(i)));
    if (fresh.length === 0) return;
    for (const i of fresh) this.looked.add(key(i));
    const owners = await findIdentityOwners(this.trx, this.tenantId, fresh);
    for (const o of owners) this.owners.set(key({ kind: o.kind as AssetIdentity["kind"], value: o.value }), o.asset_id);
    const unknown = [...new Set(owners.map((o) => o.asset_id))].filter((id) => !this.assets.has(id));
    if (unknown.length === 0) return;
    for (const a of await assetCopies(this.trx, this.tenantId, unknown)) this.assets.set(a.id, a);
    for (const id of unknown) this.fqdns.set(id, []);
    for (const f of await identitiesOfAssets(this.trx, this.tenantId, unknown, "fqdn")) this.fqdns.get(f.asset_id)?.push(f.value);
  }
}
