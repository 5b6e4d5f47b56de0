import { isIP } from "node:net";
import type { AssetEnvironment, AssetIdentityKind, AssetType, FindingInput } from "@watchfloor/shared";

export interface AssetIdentity {
  kind: AssetIdentityKind;
  value: string;
}

/** What a new asset made from a scanner record starts with. */
export interface AssetSeed {
  name: string;
  type: AssetType;
  clientEnvironment: AssetEnvironment | null;
  internetFacing: boolean;
}

/**
 * Scanners whose `target` names an artifact (an image, a lock file, a repository path), never a
 * host: "requirements.txt" is a file to Trivy although it looks like a domain name.
 */
const artifactScanners = new Set(["trivy", "grype", "snyk", "dependency-check"]);

/** Which identity decides first: the most specific (a cloud id is unique, a short name is not). */
export const matchOrder: AssetIdentityKind[] = ["cloud", "image", "fqdn", "hostname", "ip"];

const label = /^[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?$/;

/** A DNS-like name: labels of letters, digits and hyphens, and not an all-digit dotted quad. */
function hostName(value: string): string | null {
  const v = value.trim().toLowerCase().replace(/\.$/, "");
  if (!v || v.length > 253) return null;
  const labels = v.split(".");
  if (!labels.every((l) => label.test(l))) return null;
  if (labels.every((l) => /^\d+$/.test(l))) return null; // "192.168.1.1001": a broken address, not a name
  return v;
}

function addHost(out: AssetIdentity[], name: string): void {
  const short = name.split(".")[0] ?? name;
  // A short name that is all digits would match unrelated hosts; only the full name identifies.
  if (!/^\d+$/.test(short)) out.push({ kind: "hostname", value: short });
  if (name.includes(".")) out.push({ kind: "fqdn", value: name });
}

function urlHost(value: string): string | null {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return null;
  try {
    return new URL(value).hostname.replace(/^\[|\]$/g, "") || null;
  } catch {
    return null;
  }
}

/**
 * The identities a scanner record names, lower-cased and de-duplicated: host names as a short
 * 'hostname' plus the full 'fqdn', addresses, cloud resource ids, images. A `target` adds an
 * address or host name when it is one; otherwise (a file path, a broken address) it identifies
 * the asset as a scanned artifact ('image') only when nothing else does.
 */
export function identitiesOf(
  f: Pick<FindingInput, "scanner" | "hostname" | "ip" | "fqdn" | "cloudResourceId" | "image" | "target">,
): AssetIdentity[] {
  const out: AssetIdentity[] = [];
  for (const h of [f.fqdn, f.hostname]) {
    const name = h ? hostName(h) : null;
    if (name) addHost(out, name);
  }
  if (f.ip && isIP(f.ip)) out.push({ kind: "ip", value: f.ip.toLowerCase() });
  if (f.cloudResourceId?.trim()) out.push({ kind: "cloud", value: f.cloudResourceId.trim().toLowerCase() });
  if (f.image?.trim()) out.push({ kind: "image", value: f.image.trim().toLowerCase() });
  const target = f.target?.trim();
  if (target) {
    const fromUrl = urlHost(target);
    const host = fromUrl ?? target;
    if (isIP(host)) out.push({ kind: "ip", value: host.toLowerCase() });
    else if (!artifactScanners.has(f.scanner) && hostName(host)) addHost(out, hostName(host) as string);
    else if (out.length === 0) out.push({ kind: "image", value: target.toLowerCase() });
  }
  const seen = new Set<string>();
  return out.filter((i) => {
    const key = `${i.kind}\u0000${i.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Private, loopback, link-local and documentation ranges: an address there is not on the internet. */
export function isPublicIp(ip: string): boolean {
  const v = isIP(ip);
  if (v === 4) {
    const [a = 0, b = 0] = ip.split(".").map(Number);
    if (a === 10 || a === 127 || a === 0 || a >= 224) return false;
    if (a === 172 && b >= 16 && b <= 31) return false;
    if (a === 192 && b === 168) return false;
    if (a === 169 && b === 254) return false;
    if (a === 100 && b >= 64 && b <= 127) return false;
    if (ip.startsWith("192.0.2.") || ip.startsWith("198.51.100.") || ip.startsWith("203.0.113.")) return false;
    return true;
  }
  if (v === 6) return !/^(::1?$|f[cd]|fe[89ab]|2001:db8)/i.test(ip);
  return false;
}

/** Name, type and environment for an asset first seen in this record. */
export function assetSeedOf(f: FindingInput, identities: AssetIdentity[]): AssetSeed {
  const pick = (kind: AssetIdentityKind) => identities.find((i) => i.kind === kind)?.value;
  const name =
    f.fqdn?.trim() ||
    f.hostname?.trim() ||
    pick("fqdn") ||
    pick("hostname") ||
    f.ip ||
    f.image ||
    f.cloudResourceId ||
    f.target ||
    "unknown";
  const web = Boolean(f.target && urlHost(f.target));
  let type: AssetType = "Server";
  if (f.cloudResourceId) type = "Cloud Resource";
  else if (f.image) type = "Container Image";
  else if (pick("image")) type = "Code Repository";
  else if (web) type = "Web Application";
  return {
    name: name.trim().slice(0, 255),
    type,
    clientEnvironment: f.cloudResourceId ? "Cloud" : null,
    internetFacing: Boolean(identities.some((i) => i.kind === "ip" && isPublicIp(i.value)) || web),
  };
}

/**
 * Chooses the known asset a record belongs to: the first identity in match order that is known.
 * A short host name (or an address) does not join a record to an asset known under a different
 * fully qualified name: web01.eu.example and web01.us.example are two machines.
 */
export function chooseAsset(
  identities: AssetIdentity[],
  known: (identity: AssetIdentity) => string | undefined,
  fqdnsOf: (assetId: string) => readonly string[],
): string | undefined {
  const fqdn = identities.find((i) => i.kind === "fqdn")?.value;
  for (const kind of matchOrder) {
    for (const identity of identities) {
      if (identity.kind !== kind) continue;
      const assetId = known(identity);
      if (!assetId) continue;
      if ((kind === "hostname" || kind === "ip") && fqdn) {
        const theirs = fqdnsOf(assetId);
        if (theirs.length > 0 && !theirs.includes(fqdn)) continue;
      }
      return assetId;
    }
  }
  return undefined;
}
