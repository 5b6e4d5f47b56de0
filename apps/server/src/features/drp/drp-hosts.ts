import { domainToASCII, domainToUnicode } from "node:url";
import { splitDomain } from "./lookalike-domains";

// A host name as DNS has it (the same rule as watched-value.ts): labels of letters, digits and inner hyphens.
const HOST = /^(?=.{4,253}$)([a-z0-9_](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;
const SCHEME = /^[a-z][a-z0-9+.-]{0,20}:\/\//;
const PATH = /[/?#].*$/;

/**
 * A host name as feeds and alerts write it, in the form findings are kept in: lower-case ASCII
 * (punycode for internationalised names), without scheme, path, port, trailing dot or a
 * certificate's wildcard label. Null when it is not a host name (an address, a word, a URL
 * without host).
 */
export function normaliseHost(raw: string): string | null {
  let host = raw.trim().toLowerCase();
  if (host.length === 0 || host.length > 2048) return null;
  host = host.replace(SCHEME, "").replace(PATH, "");
  if (host.includes("@")) host = host.slice(host.lastIndexOf("@") + 1);
  host = host.replace(/:\d{1,5}$/, "").replace(/\.$/, "");
  if (host.startsWith("*.")) host = host.slice(2);
  if (!host.includes(".")) return null;
  const ascii = domainToASCII(host);
  if (!ascii || !HOST.test(ascii)) return null;
  // IPv4 addresses pass the label rule but are not domains.
  if (/^\d+(\.\d+){3}$/.test(ascii)) return null;
  return ascii;
}

/** The registrable domain of a host (`login.exarnple.co.uk` → `exarnple.co.uk`). */
export function registrableOf(host: string): string | null {
  const parts = splitDomain(host);
  return parts ? `${parts.label}.${parts.suffix}` : null;
}

/** The labels of a host left of its public suffix, joined by dots (`login.exarnple` for `login.exarnple.co.uk`). */
export function labelsOf(host: string): string {
  const parts = splitDomain(host);
  if (!parts) return host;
  return host.slice(0, host.length - parts.suffix.length - 1);
}

export const unicodeHost = (host: string): string => domainToUnicode(host) || host;

// Text is cut into tokens at characters a host name never holds (one character class: linear).
const SEPARATORS = /[\s"'<>()[\]{},;|\\^`!$&*+=]+/;
const MAX_TEXT = 20_000;

/** The distinct host names written in free text: URLs, bare domains, e-mail addresses. */
export function hostsInText(text: string): string[] {
  const found = new Set<string>();
  for (const token of text.slice(0, MAX_TEXT).split(SEPARATORS)) {
    if (!token.includes(".")) continue;
    const host = normaliseHost(token.replace(/^[.:]+|[.:]+$/g, ""));
    if (host) found.add(host);
  }
  return [...found];
}
