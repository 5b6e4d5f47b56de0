import { type DiscoveredHost, formatAssetKey } from "@watchfloor/shared";
import type { Transaction } from "kysely";
import type { DB } from "../../db/tables";
import { newId } from "../../lib/tokens";
import { type AssetIdentity, chooseAsset, identitiesOf } from "../assets/assets-match";
import {
  findIdentityOwners,
  highestAssetNumber,
  identitiesOfAssets,
  insertAssets,
  insertIdentities,
  touchAssets,
} from "../assets/assets.repository";

/** The address a host is kept under: its IPv4, else its IPv6. A MAC alone cannot be reached from outside. */
export function hostAddress(host: DiscoveredHost): { address: string; type: "ipv4" | "ipv6" } | null {
  if (host.ipv4) return { address: host.ipv4, type: "ipv4" };
  if (host.ipv6) return { address: host.ipv6.toLowerCase(), type: "ipv6" };
  const other = host.addresses.find((a) => a.type !== "mac");
  return other ? { address: other.addr.toLowerCase(), type: other.type as "ipv4" | "ipv6" } : null;
}

/** The same identities a scanner finding for this machine would give (assets-match): the address, then each host name. */
export function hostIdentities(host: DiscoveredHost, address: string): AssetIdentity[] {
  const all = [
    identitiesOf({ scanner: "nmap", ip: address }),
    ...host.hostnames.map((h) => identitiesOf({ scanner: "nmap", hostname: h.name })),
  ].flat();
  const seen = new Set<string>();
  return all.filter((i) => {
    const key = `${i.kind}\u0000${i.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Finds or creates the asset of each scanned host, with the inventory's matching rules: a host
 * scanned by nmap joins the asset a vulnerability scanner already reported under the same
 * address or name, and its unowned identities join that asset for next time.
 */
export class SurfaceAssetResolver {
  created = 0;
  /** Assets this import covered, with the scan time (their last seen moves forward to it). */
  readonly seen = new Map<string, number>();
  private nextNumber: number | undefined;

  constructor(
    private readonly trx: Transaction<DB>,
    private readonly tenantId: string,
    private readonly now: number,
  ) {}

  async resolve(host: DiscoveredHost, address: string, at: number, internetFacing: boolean): Promise<string> {
    const identities = hostIdentities(host, address);
    const owners = await findIdentityOwners(this.trx, this.tenantId, identities);
    const ownerOf = new Map(owners.map((o) => [`${o.kind}\u0000${o.value}`, o.asset_id]));
    const candidates = [...new Set(owners.map((o) => o.asset_id))];
    const fqdns = await identitiesOfAssets(this.trx, this.tenantId, candidates, "fqdn");
    let assetId = chooseAsset(
      identities,
      (i) => ownerOf.get(`${i.kind}\u0000${i.value}`),
      (id) => fqdns.filter((f) => f.asset_id === id).map((f) => f.value),
    );
    if (!assetId) {
      assetId = newId();
      this.nextNumber ??= (await highestAssetNumber(this.trx, this.tenantId)) + 1;
      const name = host.hostnames[0]?.name.toLowerCase() ?? address;
      await insertAssets(this.trx, [
        {
          id: assetId,
          tenant_id: this.tenantId,
          asset_key: formatAssetKey(this.nextNumber++),
          name: name.slice(0, 255),
          type: "Server",
          department: null,
          business_impact: null,
          client_environment: null,
          site: null,
          latitude: null,
          longitude: null,
          owner: null,
          internet_facing: internetFacing ? 1 : 0,
          created_at: this.now,
          updated_at: this.now,
          first_seen: at,
          last_seen: at,
        },
      ]);
      this.created++;
    }
    const owner = assetId;
    await insertIdentities(
      this.trx,
      identities
        .filter((i) => !ownerOf.has(`${i.kind}\u0000${i.value}`))
        .map((i) => ({ tenant_id: this.tenantId, asset_id: owner, kind: i.kind, value: i.value })),
    );
    this.seen.set(assetId, Math.max(this.seen.get(assetId) ?? 0, at));
    return assetId;
  }

  get matched(): number {
    return this.seen.size - this.created;
  }

  /** Moves the covered assets' last seen forward to the scan; call once when the file is read. */
  finish(): Promise<void> {
    return touchAssets(this.trx, this.tenantId, this.seen, this.now);
  }
}
