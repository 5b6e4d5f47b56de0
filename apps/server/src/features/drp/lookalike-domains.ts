import { domainToASCII, domainToUnicode } from "node:url";

/**
 * Look-alike domains for a watched domain (DRP, issue 18): the registrations a phisher would make
 * to pass for it. Each technique works on the label left of the public suffix ("example" in
 * "example.co.uk"); TLD swaps change the suffix. Internationalised look-alikes are returned in
 * their registrable (punycode) form with the Unicode form beside them.
 */
export const lookalikeKinds = [
  "omission",
  "repetition",
  "transposition",
  "keyboard",
  "homoglyph",
  "bitflip",
  "hyphenation",
  "vowel-swap",
  "added-word",
  "tld-swap",
] as const;
export type LookalikeKind = (typeof lookalikeKinds)[number];

export interface Lookalike {
  /** As registered and as DNS and certificates show it (punycode for IDN). */
  domain: string;
  /** As a person reads it. */
  unicode: string;
  kinds: LookalikeKind[];
}

// Suffixes of two labels that registrars sell under; anything else is taken as a one-label TLD.
const TWO_LABEL_SUFFIXES = new Set([
  "co.uk",
  "org.uk",
  "ac.uk",
  "gov.uk",
  "com.au",
  "net.au",
  "co.nz",
  "co.jp",
  "com.br",
  "co.za",
  "com.mx",
  "co.in",
]);
const SWAP_TLDS = [
  "com",
  "net",
  "org",
  "co",
  "io",
  "info",
  "biz",
  "xyz",
  "online",
  "site",
  "app",
  "dev",
  "us",
  "uk",
  "de",
  "cn",
  "ru",
  "top",
  "shop",
];
const ADDED_WORDS = ["login", "secure", "account", "support", "mail", "online", "app", "my", "portal", "auth", "verify", "help"];
const VOWELS = "aeiou";

// QWERTY neighbours (letters and digits only: what a slipped finger types in a host name).
const KEYBOARD: Record<string, string> = {
  q: "12wa",
  w: "23qeas",
  e: "34wrsd",
  r: "45etdf",
  t: "56ryfg",
  y: "67tugh",
  u: "78yihj",
  i: "89uojk",
  o: "90ipkl",
  p: "0ol",
  a: "qwsz",
  s: "weadzx",
  d: "erfsxc",
  f: "rtgdcv",
  g: "tyhfvb",
  h: "yujgbn",
  j: "uikhnm",
  k: "iolmj",
  l: "opk",
  z: "asx",
  x: "zsdc",
  c: "xdfv",
  v: "cfgb",
  b: "vghn",
  n: "bhjm",
  m: "njk",
  "1": "2q",
  "2": "13qw",
  "3": "24we",
  "4": "35er",
  "5": "46rt",
  "6": "57ty",
  "7": "68yu",
  "8": "79ui",
  "9": "80io",
  "0": "9op",
};

// Characters read as others: ASCII pairs people misread, and Cyrillic and Greek letters drawn like Latin ones.
const ASCII_GLYPHS: [string, string][] = [
  ["rn", "m"],
  ["m", "rn"],
  ["l", "1"],
  ["1", "l"],
  ["i", "l"],
  ["l", "i"],
  ["o", "0"],
  ["0", "o"],
  ["vv", "w"],
  ["w", "vv"],
  ["cl", "d"],
  ["d", "cl"],
  ["g", "q"],
  ["q", "g"],
];
const IDN_GLYPHS: Record<string, string[]> = {
  a: ["а", "ɑ"],
  c: ["с"],
  e: ["е", "ė"],
  i: ["і", "ı"],
  j: ["ј"],
  o: ["о", "ο"],
  p: ["р"],
  s: ["ѕ"],
  x: ["х"],
  y: ["у"],
  k: ["κ"],
  n: ["ո"],
  h: ["һ"],
};

/** Splits "www.example.co.uk" into the watched label and its suffix: ["example", "co.uk"]. */
export function splitDomain(domain: string): { label: string; suffix: string } | null {
  const ascii = domainToASCII(domain.trim().toLowerCase().replace(/\.$/, ""));
  const parts = ascii.split(".").filter(Boolean);
  if (parts.length < 2) return null;
  const lastTwo = parts.slice(-2).join(".");
  const suffix = parts.length >= 3 && TWO_LABEL_SUFFIXES.has(lastTwo) ? lastTwo : (parts.at(-1) as string);
  const label = parts[parts.length - suffix.split(".").length - 1];
  return label ? { label, suffix } : null;
}

// Labels with "--" in third and fourth place are reserved, except the punycode prefix "xn--".
const validLabel = (label: string) =>
  /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label) && (!/^..--/.test(label) || label.startsWith("xn--"));

function variants(label: string): [LookalikeKind, string][] {
  const out: [LookalikeKind, string][] = [];
  const chars = [...label];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    const before = chars.slice(0, i).join("");
    const after = chars.slice(i + 1).join("");
    out.push(["omission", before + after]);
    out.push(["repetition", before + c + c + after]);
    if (i + 1 < chars.length) out.push(["transposition", before + chars[i + 1] + c + chars.slice(i + 2).join("")]);
    for (const k of KEYBOARD[c] ?? "") out.push(["keyboard", before + k + after]);
    for (let bit = 0; bit < 7; bit++) {
      const flipped = String.fromCharCode(c.charCodeAt(0) ^ (1 << bit)).toLowerCase();
      if (/[a-z0-9-]/.test(flipped) && flipped !== c) out.push(["bitflip", before + flipped + after]);
    }
    if (i > 0) out.push(["hyphenation", `${before}-${c}${after}`]);
    if (VOWELS.includes(c)) for (const v of VOWELS) if (v !== c) out.push(["vowel-swap", before + v + after]);
    for (const glyph of IDN_GLYPHS[c] ?? []) out.push(["homoglyph", before + glyph + after]);
  }
  for (const [from, to] of ASCII_GLYPHS) {
    for (let at = label.indexOf(from); at !== -1; at = label.indexOf(from, at + 1)) {
      out.push(["homoglyph", label.slice(0, at) + to + label.slice(at + from.length)]);
    }
  }
  for (const word of ADDED_WORDS)
    out.push(["added-word", `${label}-${word}`], ["added-word", `${word}-${label}`], ["added-word", `${label}${word}`]);
  return out;
}

/** Every look-alike of `domain`, each once with all the techniques that produce it; the domain itself never. */
export function lookalikeDomains(domain: string): Lookalike[] {
  const parts = splitDomain(domain);
  if (!parts) return [];
  const original = `${parts.label}.${parts.suffix}`;
  const found = new Map<string, Set<LookalikeKind>>();
  const add = (kind: LookalikeKind, unicodeLabel: string, suffix: string) => {
    const ascii = domainToASCII(`${unicodeLabel}.${suffix}`);
    const label = ascii.split(".")[0] ?? "";
    if (!ascii || ascii === original || !validLabel(label)) return;
    const kinds = found.get(ascii) ?? new Set<LookalikeKind>();
    kinds.add(kind);
    found.set(ascii, kinds);
  };
  const label = domainToUnicode(parts.label);
  for (const [kind, variant] of variants(label)) add(kind, variant, parts.suffix);
  for (const tld of SWAP_TLDS) if (tld !== parts.suffix) add("tld-swap", label, tld);
  return [...found]
    .map(([ascii, kinds]) => ({
      domain: ascii,
      unicode: domainToUnicode(ascii),
      kinds: lookalikeKinds.filter((k) => kinds.has(k)),
    }))
    .sort((a, b) => a.domain.localeCompare(b.domain));
}
