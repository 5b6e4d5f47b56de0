import * as cvssLibrary from "ae-cvss-calculator";

/** The slice of ae-cvss-calculator used here (its bundle exports one `CvssCalculator` object). */
interface CvssVectorLike {
  getVectorName(): string;
  isBaseFullyDefined(): boolean;
  calculateScores(): { base?: number; overall: number };
}
interface CvssCalculator {
  fromVector(vector: string): CvssVectorLike | null | undefined;
}
const library = cvssLibrary as unknown as {
  CvssCalculator?: CvssCalculator;
  default?: { CvssCalculator?: CvssCalculator } & Partial<CvssCalculator>;
};
const calculator: CvssCalculator =
  library.CvssCalculator ?? library.default?.CvssCalculator ?? (library.default as CvssCalculator);

export type CvssVersion = "2.0" | "3.0" | "3.1" | "4.0";

export type CvssResult = { ok: true; score: number; version: CvssVersion; vector: string } | { ok: false; reason: string };

/**
 * Parses a CVSS vector (v2 bare or with Nessus's "CVSS2#" prefix, v3.0, v3.1, v4.0) and computes
 * its base score, so a finding's score is the one its vector implies, not whatever the scanner
 * printed beside it. Anything that does not parse or lacks base metrics says why.
 */
export function scoreCvssVector(raw: string): CvssResult {
  const vector = raw
    .trim()
    .replace(/^CVSS2#/i, "")
    .replace(/^\(|\)$/g, "");
  let parsed: CvssVectorLike | null | undefined;
  try {
    parsed = calculator.fromVector(vector);
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  if (!parsed) return { ok: false, reason: "is not a CVSS v2, v3.0, v3.1 or v4.0 vector" };
  if (!parsed.isBaseFullyDefined()) return { ok: false, reason: "lacks base metrics" };
  const name = parsed.getVectorName();
  const version = (name.replace(/^CVSS:/, "") as CvssVersion) || "2.0";
  const score = parsed.calculateScores().base;
  if (score === undefined || !Number.isFinite(score)) return { ok: false, reason: "has no base score" };
  return { ok: true, score, version, vector };
}
