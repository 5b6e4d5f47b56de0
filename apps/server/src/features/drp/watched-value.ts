import { domainToASCII, domainToUnicode } from "node:url";
import type { WatchedKind } from "@watchfloor/shared";
import { domainWatchedKinds } from "@watchfloor/shared";

// A host name as DNS has it: labels of letters, digits and inner hyphens, at least two labels.
const HOST = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/**
 * A watched value in the form it is stored and matched in: domains lower-case, without a
 * trailing dot, scheme, path or "@", internationalised ones as punycode; names with their
 * spacing folded. Returns the reason when the value cannot be one of its kind.
 */
export function normaliseWatched(kind: WatchedKind, raw: string): { value: string; display: string } | { error: string } {
  if (!domainWatchedKinds.includes(kind)) {
    const name = raw.replace(/\s+/g, " ").trim();
    if (name.length < 2) return { error: "needs at least two characters" };
    return { value: name, display: name };
  }
  let host = raw.trim().toLowerCase();
  if (kind === "email-domain" && host.includes("@")) host = host.slice(host.lastIndexOf("@") + 1);
  host = host
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/[/?#].*$/, "")
    .replace(/\.$/, "");
  const ascii = domainToASCII(host);
  if (!ascii || !HOST.test(ascii)) return { error: "is not a domain name (for example example.com)" };
  return { value: ascii, display: displayOf(kind, ascii) };
}

/** A stored value as a person reads it (the Unicode form of an internationalised domain). */
export const displayOf = (kind: WatchedKind, value: string): string =>
  domainWatchedKinds.includes(kind) ? domainToUnicode(value) || value : value;
