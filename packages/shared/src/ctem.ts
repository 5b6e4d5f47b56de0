import type { Priority } from "./enums";

/**
 * CTEM exposure score (docs/ctem.md, "Exposure score"): one number 0-100 per exposure, built as a
 * product of documented factors so every factor's contribution can be shown. Pure: no I/O.
 */
export const ctemValidationStates = ["validated", "not_exploitable", "mitigated"] as const;
export type CtemValidationState = (typeof ctemValidationStates)[number];
export const ctemImpacts = ["Low", "Medium", "High"] as const;
export type CtemImpact = (typeof ctemImpacts)[number];

/** Base points (out of 10) when a finding has no CVSS score, and for an open service alone. */
export const ctemSeverityBase: Record<Priority, number> = { Critical: 9.5, High: 7.5, Medium: 5, Low: 2.5 };
/** Ports whose service is a common way in (remote admin, file sharing, databases): a bigger open door. */
export const ctemSensitivePorts = [21, 23, 445, 1433, 3306, 3389, 5432, 5900, 6379, 9200, 11211, 27017] as const;
export const ctemServiceBase = { sensitive: 5, other: 3 } as const;
export const ctemMultipliers = {
  kev: 1.6,
  /** 1 + epssWeight x EPSS probability when not in KEV. */
  epssWeight: 0.5,
  impact: { High: 1.3, Medium: 1, Low: 0.7 } as Record<CtemImpact, number>,
  internet: 1.3,
  internal: 0.8,
  validation: { validated: 1.25, mitigated: 0.4, not_exploitable: 0.1 } as Record<CtemValidationState, number>,
} as const;
/**
 * The product of the highest multipliers (KEV, High impact, internet, validated): a CVSS 10 with
 * all of them scores exactly 100, so scores never need a cap and never saturate.
 */
export const ctemMaxMultiplier =
  ctemMultipliers.kev * ctemMultipliers.impact.High * ctemMultipliers.internet * ctemMultipliers.validation.validated;
/** The scope score looks at the worst exposure and the next ctemScopeTail ones. */
export const ctemScopeTail = 9;

export interface CtemExposureInput {
  /** The finding's CVSS base score, when it has one. */
  cvss: number | null;
  /** The finding's severity; null for an open service with no finding. */
  severity: Priority | null;
  /** For a service exposure: its port. */
  port: number | null;
  kev: boolean;
  epss: number | null;
  /** The asset's business impact; null when the asset has none (the scope's setting applies). */
  assetImpact: CtemImpact | null;
  scopeImpact: CtemImpact;
  internetFacing: boolean;
  validation: CtemValidationState | null;
}

export interface CtemFactor {
  factor: "severity" | "threat" | "business impact" | "internet exposure" | "compensating controls";
  /** What the factor saw, in words. */
  reason: string;
  /** The multiplier (1 for the severity base). */
  multiplier: number;
  /** Points this factor added (negative: removed) to the running score. */
  points: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function base(e: CtemExposureInput): { points: number; reason: string } {
  if (e.severity === null) {
    const sensitive = e.port !== null && (ctemSensitivePorts as readonly number[]).includes(e.port);
    const value = sensitive ? ctemServiceBase.sensitive : ctemServiceBase.other;
    return {
      points: value * 10,
      reason: sensitive
        ? `open service on port ${e.port} (remote access or data store)`
        : `open service${e.port !== null ? ` on port ${e.port}` : ""}`,
    };
  }
  if (e.cvss !== null && e.cvss >= 0 && e.cvss <= 10) return { points: e.cvss * 10, reason: `CVSS ${e.cvss} (${e.severity})` };
  return { points: ctemSeverityBase[e.severity] * 10, reason: `${e.severity} severity, no CVSS score` };
}

/** One exposure's score and the factors that made it, in the order they apply. */
export function scoreExposure(e: CtemExposureInput): { score: number; factors: CtemFactor[] } {
  const start = base(e);
  // Base points scaled so that the highest product of multipliers lands on 100.
  let score = start.points / ctemMaxMultiplier;
  const factors: CtemFactor[] = [{ factor: "severity", reason: start.reason, multiplier: 1, points: round1(score) }];
  const apply = (factor: CtemFactor["factor"], multiplier: number, reason: string) => {
    const next = score * multiplier;
    factors.push({ factor, reason, multiplier, points: round1(next - score) });
    score = next;
  };
  const epss = e.epss !== null && e.epss >= 0 && e.epss <= 1 ? e.epss : null;
  if (e.kev) apply("threat", ctemMultipliers.kev, "in CISA KEV: exploited in the wild");
  else if (epss !== null) apply("threat", 1 + ctemMultipliers.epssWeight * epss, `EPSS ${(epss * 100).toFixed(1)} %`);
  else apply("threat", 1, "not in KEV, no EPSS");
  const impact = e.assetImpact ?? e.scopeImpact;
  apply(
    "business impact",
    ctemMultipliers.impact[impact],
    e.assetImpact ? `asset business impact ${impact}` : `scope business impact ${impact} (asset has none)`,
  );
  apply(
    "internet exposure",
    e.internetFacing ? ctemMultipliers.internet : ctemMultipliers.internal,
    e.internetFacing ? "internet-facing" : "internal only",
  );
  if (e.validation) {
    const words = {
      validated: "validated: exploitation confirmed",
      mitigated: "mitigated by a compensating control",
      not_exploitable: "validated as not exploitable",
    };
    apply("compensating controls", ctemMultipliers.validation[e.validation], words[e.validation]);
  } else apply("compensating controls", 1, "not validated");
  return { score: round1(Math.min(100, score)), factors };
}

/**
 * A scope's score: the worst exposure, raised toward 100 by the next nine: top + (100 - top) x
 * (their sum / 9) / 100. Never above 100, and every one of the ten moves it; 0 with none.
 */
export function scoreScope(exposureScores: readonly number[]): number {
  const [top = 0, ...rest] = [...exposureScores].sort((a, b) => b - a);
  const tail = rest.slice(0, ctemScopeTail).reduce((s, v) => s + v, 0) / ctemScopeTail;
  return round1(top + ((100 - top) * tail) / 100);
}
