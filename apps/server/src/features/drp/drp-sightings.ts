import type { DrpConfidence, DrpEvidence, DrpFindingKind } from "@watchfloor/shared";
import { higherConfidence } from "./drp-confidence";
import type { WatchedRef } from "./drp-match";

export interface Sighting {
  kind: DrpFindingKind;
  value: string;
  watched: WatchedRef;
  techniques: string[];
  confidence: DrpConfidence;
  evidence: DrpEvidence;
}

export interface SeenFinding extends Omit<Sighting, "evidence"> {
  first: DrpEvidence;
  last: DrpEvidence;
  count: number;
}

/** Distinct findings one import or alert scan may make (docs/drp.md). */
export const MAX_FINDINGS_PER_RUN = 50_000;

export class TooManyFindings extends Error {
  constructor(readonly limit: number) {
    super(
      `it matches more than ${limit.toLocaleString("en")} distinct findings; a watched brand this common matches noise: narrow the watched assets or split the file`,
    );
  }
}

export const watchedKeyOf = (w: { kind: string; value: string }) => `${w.kind}:${w.value}`;
export const findingKeyOf = (f: { kind: string; value: string; watchedKey: string }) => `${f.kind}|${f.value}|${f.watchedKey}`;

/**
 * What one import or scan saw, one entry per finding (kind, value, watched asset): a value on
 * many lines is one finding with its first and last line, the union of techniques and the
 * highest confidence. Only matches are held, so memory follows the matches, not the file.
 */
export class SightingSet {
  readonly found = new Map<string, SeenFinding>();

  /** At most `limit` distinct findings: one file or scan never holds the server's memory hostage. */
  constructor(private readonly limit = MAX_FINDINGS_PER_RUN) {}

  add(s: Sighting): void {
    const key = findingKeyOf({ kind: s.kind, value: s.value, watchedKey: watchedKeyOf(s.watched) });
    const seen = this.found.get(key);
    if (!seen) {
      if (this.found.size >= this.limit) throw new TooManyFindings(this.limit);
      const { evidence, ...rest } = s;
      this.found.set(key, { ...rest, techniques: [...s.techniques], first: evidence, last: evidence, count: 1 });
      return;
    }
    // Several names of one certificate (or hosts of one alert) are one sighting.
    const sameLine =
      seen.last.source === s.evidence.source &&
      seen.last.importId === s.evidence.importId &&
      seen.last.line === s.evidence.line &&
      seen.last.alertId === s.evidence.alertId;
    if (!sameLine) seen.count++;
    seen.last = s.evidence;
    seen.confidence = higherConfidence(seen.confidence, s.confidence);
    seen.techniques = [...new Set([...seen.techniques, ...s.techniques])];
  }

  get size(): number {
    return this.found.size;
  }
}
