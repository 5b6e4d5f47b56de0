import {
  type DrpConfidence,
  type DrpFindingKind,
  type DrpSource,
  domainWatchedKinds,
  type WatchedKind,
} from "@watchfloor/shared";
import { brandConfidence, executiveConfidence, lookalikeConfidence } from "./drp-confidence";
import { labelsOf, registrableOf } from "./drp-hosts";
import { executiveForms } from "./executive-names";
import { lookalikeDomains } from "./lookalike-domains";

export interface WatchedRef {
  id: string;
  kind: WatchedKind;
  value: string;
}

export interface DomainMatch {
  kind: Extract<DrpFindingKind, "lookalike-domain" | "brand-in-domain" | "executive-in-domain">;
  /** The registrable domain (what is registered and taken down). */
  value: string;
  watched: WatchedRef;
  techniques: string[];
  confidence: DrpConfidence;
}

// Words phishing domains add to a brand (the generator's added words and a few more).
const PHISHING_WORDS = new Set([
  ..."login secure account support mail online app my portal auth verify help".split(" "),
  ..."signin sign logon password reset update billing invoice pay payment wallet bank service sso".split(" "),
]);
/** Brands shorter than this match only as a whole word: "abc" inside any longer word is noise. */
const SUBSTRING_MIN = 4;

const foldBrand = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * Matches host names against a tenant's watched assets (docs/drp.md, "Matching"). Built once per
 * import or scan: every watched domain's look-alikes go into one map, so each host costs a
 * lookup and a scan of the brand and executive names. The tenant's own domains (and their
 * subdomains) never match. With `onlyId`, only that asset makes findings (the pass run when it is
 * added); the others still count as the tenant's own domains.
 */
export class DomainMatcher {
  private readonly lookalikes = new Map<string, { watched: WatchedRef; techniques: string[] }[]>();
  private readonly brands: { watched: WatchedRef; brand: string }[] = [];
  private readonly executives: { watched: WatchedRef; forms: { form: string; reversed: boolean }[] }[] = [];
  private readonly own = new Set<string>();

  constructor(watched: readonly WatchedRef[], onlyId?: string) {
    for (const w of watched) {
      if (domainWatchedKinds.includes(w.kind)) {
        const own = registrableOf(w.value);
        if (!own) continue;
        this.own.add(own);
        if (onlyId !== undefined && w.id !== onlyId) continue;
        for (const l of lookalikeDomains(w.value)) {
          const list = this.lookalikes.get(l.domain) ?? [];
          list.push({ watched: w, techniques: l.kinds });
          this.lookalikes.set(l.domain, list);
        }
        // The watched domain's own name is a brand too (`example` of example.com in `example-login.net`).
        const label = own.split(".")[0] ?? "";
        if (label.length >= SUBSTRING_MIN && !label.startsWith("xn--")) this.brands.push({ watched: w, brand: label });
      } else if (onlyId !== undefined && w.id !== onlyId) {
        // Another asset than the one added: only its domain (above) matters.
      } else if (w.kind === "brand") {
        const brand = foldBrand(w.value);
        if (brand.length >= 3) this.brands.push({ watched: w, brand });
      } else if (w.kind === "executive") {
        const forms = executiveForms(w.value);
        if (forms.length > 0) this.executives.push({ watched: w, forms });
      }
    }
  }

  get watchesAnything(): boolean {
    return this.lookalikes.size > 0 || this.brands.length > 0 || this.executives.length > 0;
  }

  /** Every finding a host (normalised, see drp-hosts.ts) makes, seen in `source`. */
  match(host: string, source: DrpSource): DomainMatch[] {
    const value = registrableOf(host);
    if (!value || this.own.has(value)) return [];
    const out: DomainMatch[] = [];
    for (const l of this.lookalikes.get(value) ?? []) {
      out.push({
        kind: "lookalike-domain",
        value,
        watched: l.watched,
        techniques: l.techniques,
        confidence: lookalikeConfidence(l.techniques, source),
      });
    }
    const seen = new Set(out.map((m) => m.watched.id));
    const tokens = labelsOf(host).split(/[.-]+/).filter(Boolean);
    const compact = tokens.join("");
    const phishingWord = tokens.some((t) => PHISHING_WORDS.has(t));
    const runs = runsOf(tokens);
    for (const b of this.brands) {
      // A look-alike of the same watched domain already says more than "its name is in there".
      if (seen.has(b.watched.id) || !compact.includes(b.brand)) continue;
      const wholeWord = runs.has(b.brand);
      if (!wholeWord && b.brand.length < SUBSTRING_MIN) continue;
      seen.add(b.watched.id);
      out.push({
        kind: "brand-in-domain",
        value,
        watched: b.watched,
        techniques: [wholeWord ? "whole-word" : "inside-word", ...(phishingWord ? ["phishing-word"] : [])],
        confidence: brandConfidence({ wholeWord, phishingWord }, source),
      });
    }
    for (const e of this.executives) {
      // Whole name only: as a run of whole labels or hyphen-separated words, never inside a longer word.
      const hit = e.forms.find((f) => runs.has(f.form));
      if (!hit) continue;
      out.push({
        kind: "executive-in-domain",
        value,
        watched: e.watched,
        techniques: [hit.reversed ? "reversed-name" : "full-name", ...(phishingWord ? ["phishing-word"] : [])],
        confidence: executiveConfidence({ phishingWord }, source),
      });
    }
    return out;
  }
}

/** Every run of adjacent tokens joined (`acme`, `bank`, `acmebank` for acme-bank): a brand written with a hyphen is still a whole word. */
function runsOf(tokens: readonly string[]): Set<string> {
  const runs = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    let run = "";
    for (let j = i; j < Math.min(tokens.length, i + 4); j++) {
      run += tokens[j];
      runs.add(run);
    }
  }
  return runs;
}

/** The watched domain or e-mail domain an address's domain belongs to (itself or a subdomain), if any. */
export function watchedForAddress(domain: string, watched: readonly WatchedRef[]): WatchedRef | undefined {
  return watched
    .filter((w) => domainWatchedKinds.includes(w.kind))
    .find((w) => domain === w.value || domain.endsWith(`.${w.value}`));
}
