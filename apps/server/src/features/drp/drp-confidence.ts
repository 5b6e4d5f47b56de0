import type { DrpConfidence, DrpSource } from "@watchfloor/shared";

/**
 * How sure a DRP finding is (the rule documented in docs/drp.md). Pure: the matcher and the
 * leak import call it, the tests pin it.
 */
const order: readonly DrpConfidence[] = ["low", "medium", "high"];
const step = (c: DrpConfidence, by: number): DrpConfidence =>
  order[Math.max(0, Math.min(order.length - 1, order.indexOf(c) + by))] as DrpConfidence;

/**
 * A certificate issued for it, the tenant's own alerts naming it, or someone in the tenant
 * looking it up or visiting it (DNS and proxy logs): the domain is in use, not just parked.
 */
const inUse = (source: DrpSource) =>
  source === "cert-transparency" || source === "alerts" || source === "dns-log" || source === "proxy-log";

/**
 * Look-alike domains: a homoglyph (made to be misread) or an added word such as "login" (made
 * for phishing) is high; single typing slips and TLD swaps are medium; bit flips alone (mostly
 * registered by chance) are low. Seen in a certificate or in the tenant's alerts: one step up.
 */
export function lookalikeConfidence(techniques: readonly string[], source: DrpSource): DrpConfidence {
  let base: DrpConfidence = "medium";
  if (techniques.includes("homoglyph") || techniques.includes("added-word")) base = "high";
  else if (techniques.length > 0 && techniques.every((t) => t === "bitflip")) base = "low";
  return inUse(source) ? step(base, 1) : base;
}

/**
 * A brand inside a domain: as a whole word beside a phishing word (`acme-login.net`) high, as a
 * whole word medium (`acme-shop.net`), only inside a longer word low (`acmeplumbing.net`).
 * Seen in a certificate or in the tenant's alerts: one step up.
 */
export function brandConfidence(match: { wholeWord: boolean; phishingWord: boolean }, source: DrpSource): DrpConfidence {
  const base: DrpConfidence = match.wholeWord ? (match.phishingWord ? "high" : "medium") : "low";
  return inUse(source) ? step(base, 1) : base;
}

/**
 * An executive's full name inside a domain: beside a phishing word (`janedoe-login.net`) high, a
 * namesake has no reason to register that; the name alone (`jane-doe.net`) low, as people share
 * names and register their own. Seen in a certificate or in the tenant's alerts: one step up.
 */
export function executiveConfidence(match: { phishingWord: boolean }, source: DrpSource): DrpConfidence {
  const base: DrpConfidence = match.phishingWord ? "high" : "low";
  return inUse(source) ? step(base, 1) : base;
}

const YEAR = 365 * 24 * 60 * 60 * 1000;

/**
 * A leaked address: with a password (or its hash) in the leak high, the address alone medium;
 * a leak dated more than a year before the import one step down.
 */
export function leakConfidence(leak: { hadPassword: boolean; leakedAt: number | null }, now: number): DrpConfidence {
  const base: DrpConfidence = leak.hadPassword ? "high" : "medium";
  return leak.leakedAt !== null && now - leak.leakedAt > YEAR ? step(base, -1) : base;
}

/** The higher of two (a finding seen again keeps the most confident reading). */
export const higherConfidence = (a: DrpConfidence, b: DrpConfidence): DrpConfidence =>
  order.indexOf(a) >= order.indexOf(b) ? a : b;
