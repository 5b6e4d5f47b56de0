import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Reader, type Response } from "mmdb-lib";
import { isGeolocatable, normaliseAddress } from "@watchfloor/shared";
import type { GeoOrigin } from "./placement";

/**
 * Offline, country-level GeoIP (docs/decisions/0004-geoip.md): a 7.8 MB MaxMind-format database
 * of RIR WHOIS and ASN country data (@ip-location-db/geo-whois-asn-country-mmdb), and each
 * country's representative point from world-countries. Both load on the first lookup, not at
 * start-up: a server that never draws the map never pays the ~9 MB.
 */
const require = createRequire(import.meta.url);
const DATABASE = "@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb";
const COUNTRIES = "world-countries/countries.json";
/** Distinct addresses remembered; past this the cache starts over (a lookup costs microseconds). */
const CACHE_LIMIT = 100_000;

type Country = { name: string; lat: number; lng: number };
type Loaded = { reader: Reader<Response>; countries: Map<string, Country> };

let loaded: Loaded | null = null;
const cache = new Map<string, GeoOrigin | null>();

function load(): Loaded {
  if (loaded) return loaded;
  const reader = new Reader<Response>(readFileSync(require.resolve(DATABASE)));
  const all = JSON.parse(readFileSync(require.resolve(COUNTRIES), "utf8")) as {
    cca2: string;
    name: { common: string };
    latlng: [number, number];
  }[];
  // Only what the map needs is kept; the parsed file (names in 25 languages) is garbage at once.
  const countries = new Map(all.map((c) => [c.cca2, { name: c.name.common, lat: c.latlng[0], lng: c.latlng[1] }]));
  loaded = { reader, countries };
  return loaded;
}

/**
 * The country a public address is registered in, at the country's representative point; null
 * for private, reserved or unparsable addresses (never looked up) and for unknown ones.
 */
export function locateAddress(raw: string | null | undefined): GeoOrigin | null {
  if (!raw) return null;
  // Keyed by the text as given: a repeated address skips parsing as well as the lookup.
  const hit = cache.get(raw);
  if (hit !== undefined) return hit;
  const origin = isGeolocatable(raw) ? lookup(normaliseAddress(raw)) : null;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(raw, origin);
  return origin;
}

function lookup(address: string): GeoOrigin | null {
  const { reader, countries } = load();
  const code = (reader.get(address) as { country_code?: string } | null)?.country_code;
  const country = code ? countries.get(code) : undefined;
  return code && country ? { address, country: code, countryName: country.name, lat: country.lat, lng: country.lng } : null;
}

/** For benchmarks and tests: whether the database is in memory yet, and how many answers are cached. */
export const geoipState = () => ({ loaded: loaded !== null, cached: cache.size });
