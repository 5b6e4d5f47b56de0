/**
 * Where an IP address sits: only globally routable unicast addresses ("public") are on the
 * internet. Private, loopback, link-local, shared (CGNAT), documentation, multicast and reserved
 * ranges (IANA special-purpose registries, v4 and v6) never are: the incident map never places
 * them (an internal 10.x source is not in some country a database happens to name), and the
 * attack surface never marks an asset internet-facing for them.
 */
export type AddressScope =
  | "public"
  | "private"
  | "loopback"
  | "link-local"
  | "cgnat"
  | "documentation"
  | "multicast"
  | "reserved"
  | "invalid";

type V4Range = readonly [base: number, bits: number, scope: Exclude<AddressScope, "public" | "invalid">];

const v4 = (a: number, b: number, c: number, d: number) => ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;

const v4Ranges: readonly V4Range[] = [
  [v4(0, 0, 0, 0), 8, "reserved"], // "this network"
  [v4(10, 0, 0, 0), 8, "private"],
  [v4(100, 64, 0, 0), 10, "cgnat"],
  [v4(127, 0, 0, 0), 8, "loopback"],
  [v4(169, 254, 0, 0), 16, "link-local"],
  [v4(172, 16, 0, 0), 12, "private"],
  [v4(192, 0, 0, 0), 24, "reserved"], // IETF protocol assignments
  [v4(192, 0, 2, 0), 24, "documentation"],
  [v4(192, 88, 99, 0), 24, "reserved"], // deprecated 6to4 relay anycast
  [v4(192, 168, 0, 0), 16, "private"],
  [v4(198, 18, 0, 0), 15, "reserved"], // benchmarking
  [v4(198, 51, 100, 0), 24, "documentation"],
  [v4(203, 0, 113, 0), 24, "documentation"],
  [v4(224, 0, 0, 0), 4, "multicast"],
  [v4(240, 0, 0, 0), 4, "reserved"], // future use and the broadcast address
];

function parseV4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    // Leading zeros are refused: "010" is octal to some parsers and decimal to others.
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

function scopeV4(value: number): AddressScope {
  for (const [base, bits, scope] of v4Ranges) {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((value & mask) >>> 0 === base) return scope;
  }
  return "public";
}

/** Eight 16-bit groups, or null when the text is not an IPv6 address. */
function parseV6(text: string): number[] | null {
  let body = text;
  // A dotted v4 tail ("::ffff:1.2.3.4") is the last two groups written another way.
  const lastColon = body.lastIndexOf(":");
  if (body.slice(lastColon + 1).includes(".")) {
    const embedded = parseV4(body.slice(lastColon + 1));
    if (embedded === null) return null;
    const hex = (n: number) => n.toString(16);
    body = `${body.slice(0, lastColon + 1)}${hex(Math.floor(embedded / 65536))}:${hex(embedded % 65536)}`;
  }
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const head = groups(halves[0] ?? "");
  const tail = halves.length === 2 ? groups(halves[1] ?? "") : [];
  const words: number[] = [];
  for (const g of [...head, ...tail]) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    words.push(Number.parseInt(g, 16));
  }
  if (halves.length === 1 ? words.length !== 8 : words.length > 7) return null;
  return [...words.slice(0, head.length), ...new Array<number>(8 - words.length).fill(0), ...words.slice(head.length)];
}

const embeddedV4 = (w: number[], at: number) => ((w[at] ?? 0) * 65536 + (w[at + 1] ?? 0)) >>> 0;

function scopeV6(w: number[]): AddressScope {
  const [w0 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0, w5 = 0] = w;
  const zerosUntil = (n: number) => w.slice(0, n).every((x) => x === 0);
  if (zerosUntil(7) && w[7] === 1) return "loopback";
  if (zerosUntil(8)) return "reserved"; // unspecified
  // IPv4-mapped (::ffff:a.b.c.d) and the NAT64 well-known prefix carry a v4 address: judge that.
  if (zerosUntil(5) && w5 === 0xffff) return scopeV4(embeddedV4(w, 6));
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0) return scopeV4(embeddedV4(w, 6));
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 1) return "private"; // local-use NAT64
  if (w0 === 0x2002) return scopeV4(embeddedV4(w, 1)); // 6to4 carries its v4 address in bits 16-47
  if ((w0 & 0xff00) === 0xff00) return "multicast";
  if ((w0 & 0xffc0) === 0xfe80) return "link-local";
  if ((w0 & 0xffc0) === 0xfec0) return "private"; // deprecated site-local
  if ((w0 & 0xfe00) === 0xfc00) return "private"; // unique local
  if (w0 === 0x2001 && w1 === 0x0db8) return "documentation";
  if (w0 === 0x3fff && (w1 & 0xf000) === 0) return "documentation"; // 3fff::/20
  if (w0 === 0x2001 && w1 < 0x0200) return "reserved"; // 2001::/23: Teredo, benchmarking, ORCHID...
  // Everything outside 2000::/3 (global unicast) is unassigned or special.
  if ((w0 & 0xe000) !== 0x2000) return "reserved";
  return "public";
}

/** "[2001:db8::1]:443" → "2001:db8::1", "1.2.3.4:80" → "1.2.3.4", zone ids dropped; otherwise trimmed. */
export function normaliseAddress(raw: string): string {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  const zone = text.indexOf("%");
  return (zone >= 0 ? text.slice(0, zone) : text).toLowerCase();
}

export function addressScope(raw: string | null | undefined): AddressScope {
  if (!raw) return "invalid";
  const text = normaliseAddress(raw);
  if (text.includes(":")) {
    const words = parseV6(text);
    return words ? scopeV6(words) : "invalid";
  }
  const value = parseV4(text);
  return value === null ? "invalid" : scopeV4(value);
}

/** True only for globally routable unicast addresses: the only ones a GeoIP answer can mean anything for. */
export const isGeolocatable = (raw: string | null | undefined): boolean => addressScope(raw) === "public";

/** True for an address reachable from the internet (not private, loopback, documentation...). */
export const isPublicAddress = (raw: string | null | undefined): boolean => addressScope(raw) === "public";

/** An address as bytes (4 for v4, 16 for v6), or null when it is not one. */
function addressBytes(raw: string): number[] | null {
  const text = normaliseAddress(raw);
  if (text.includes(":")) {
    const words = parseV6(text);
    return words ? words.flatMap((w) => [w >> 8, w & 0xff]) : null;
  }
  const value = parseV4(text);
  return value === null ? null : [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

export interface CidrRange {
  bytes: number[];
  bits: number;
}

/** "10.0.0.0/8", "2001:db8::/32" or a bare address (all its bits); null when malformed. */
export function parseCidr(text: string): CidrRange | null {
  const [address = "", prefix, extra] = text.trim().split("/");
  if (extra !== undefined) return null;
  const bytes = addressBytes(address);
  if (!bytes) return null;
  const max = bytes.length * 8;
  if (prefix === undefined) return { bytes, bits: max };
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max) return null;
  return { bytes, bits: Number(prefix) };
}

/** Whether the address lies in the range; v4 and v6 never match each other. */
export function inCidr(address: string | null | undefined, range: CidrRange): boolean {
  if (!address) return false;
  const bytes = addressBytes(address);
  if (!bytes || bytes.length !== range.bytes.length) return false;
  let bits = range.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}
