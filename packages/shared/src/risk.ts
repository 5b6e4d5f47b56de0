import type { Priority } from "./enums";

/**
 * The risk model (docs/risk.md gives the formula with a worked example). Every constant lives
 * here so the server's SQL, the docs and the page that explains a score read one definition.
 */
export const riskModel = {
  version: 1,
  /** A finding's base when it has no CVSS score: the middle of its severity's CVSS band. */
  severityBase: { Critical: 9.5, High: 8, Medium: 5.5, Low: 2 } satisfies Record<Priority, number>,
  /** A known exploited vulnerability (CISA KEV) counts double; otherwise 1 + its EPSS probability. */
  kevFactor: 2,
  /** An asset's worst finding counts in full; all the others together add at most `restCap`... */
  restCap: 5,
  /** ...approaching it as their risks add up (a sum of `restScale` gives 63% of the cap). */
  restScale: 25,
  impactMultiplier: { High: 1.5, Medium: 1, Low: 0.6, unknown: 1 },
  impactWeight: { High: 3, Medium: 2, Low: 1, unknown: 2 },
  internetFacingMultiplier: 1.3,
  /** Each open incident on the asset adds 25%, counting at most four. */
  incidentStep: 0.25,
  incidentCap: 4,
  /** Asset score = 100 x (1 - e^(-raw / assetScale)). */
  assetScale: 20,
  /** Estate score = peakShare x (mean of the worst `peakAssets` assets) + the rest x breadth. */
  peakAssets: 5,
  peakShare: 0.5,
  /** Lower bounds of the bands, worst first. */
  bands: [
    ["Critical", 70],
    ["High", 40],
    ["Medium", 20],
    ["Low", 0],
  ] as const satisfies readonly (readonly [Priority, number])[],
} as const;

export type ImpactKey = keyof typeof riskModel.impactWeight;
export const impactKey = (impact: string | null | undefined): ImpactKey =>
  impact === "High" || impact === "Medium" || impact === "Low" ? impact : "unknown";

/**
 * The order factors are added in to explain a score: severity alone, then EPSS, KEV, business
 * impact, internet exposure and open incidents. Each factor's points are what it adds to the
 * score of the factors before it, so the points sum to the score.
 */
export const riskStages = ["severity", "epss", "kev", "impact", "exposure", "incidents"] as const;
export type RiskStage = (typeof riskStages)[number];
const stageIndex = (stage: RiskStage) => riskStages.indexOf(stage);

export interface FindingRiskInput {
  cvssScore: number | null;
  severity: Priority;
  kev: boolean;
  epss: number | null;
}

export const findingBase = (f: Pick<FindingRiskInput, "cvssScore" | "severity">): number =>
  f.cvssScore ?? riskModel.severityBase[f.severity];

export const exploitability = (f: Pick<FindingRiskInput, "kev" | "epss">): number =>
  f.kev ? riskModel.kevFactor : 1 + Math.min(1, Math.max(0, f.epss ?? 0));

/** A finding's risk, 0-20: base (CVSS 0-10) x exploitability (1-2). */
export function findingRisk(f: FindingRiskInput): { base: number; exploitability: number; risk: number } {
  const base = findingBase(f);
  const x = exploitability(f);
  return { base, exploitability: x, risk: base * x };
}

/** The worst and the sum of an asset's open finding risks: all the model needs of them. */
export interface RiskAggregate {
  max: number;
  sum: number;
}

export const aggregateRisks = (risks: readonly number[]): RiskAggregate => ({
  max: risks.reduce((m, r) => Math.max(m, r), 0),
  sum: risks.reduce((s, r) => s + r, 0),
});

/** Diminishing sum: 100 low findings never outweigh one critical, let alone a KEV critical. */
export function findingsScore(agg: RiskAggregate): number {
  const rest = Math.max(0, agg.sum - agg.max);
  return agg.max + riskModel.restCap * (1 - Math.exp(-rest / riskModel.restScale));
}

export interface AssetRiskInput {
  /** Open findings aggregated without intel (base), with EPSS only, and with KEV and EPSS (full). */
  findings: { base: RiskAggregate; epss: RiskAggregate; full: RiskAggregate };
  businessImpact: string | null;
  internetFacing: boolean;
  openIncidents: number;
}

export interface AssetRiskResult {
  findingsScore: number;
  multipliers: { impact: number; exposure: number; incidents: number };
  raw: number;
  score: number;
}

/** An asset's score, 0-100, with the factors up to `upTo` applied (all of them by default). */
export function assetRisk(input: AssetRiskInput, upTo: RiskStage = "incidents"): AssetRiskResult {
  const stage = stageIndex(upTo);
  const agg = stage >= 2 ? input.findings.full : stage === 1 ? input.findings.epss : input.findings.base;
  const fs = findingsScore(agg);
  const multipliers = {
    impact: stage >= 3 ? riskModel.impactMultiplier[impactKey(input.businessImpact)] : 1,
    exposure: stage >= 4 && input.internetFacing ? riskModel.internetFacingMultiplier : 1,
    incidents: stage >= 5 ? 1 + riskModel.incidentStep * Math.min(input.openIncidents, riskModel.incidentCap) : 1,
  };
  const raw = fs * multipliers.impact * multipliers.exposure * multipliers.incidents;
  return { findingsScore: fs, multipliers, raw, score: 100 * (1 - Math.exp(-raw / riskModel.assetScale)) };
}

export const assetWeight = (impact: string | null, upTo: RiskStage = "incidents"): number =>
  stageIndex(upTo) >= 3 ? riskModel.impactWeight[impactKey(impact)] : 1;

/** A tenant's inventory: assets with open findings, and how many have none, by business impact. */
export interface EstateInput {
  assets: readonly AssetRiskInput[];
  cleanAssets: Partial<Record<ImpactKey, number>>;
}

export interface EstateScore {
  score: number;
  /** Mean score of the worst assets (up to `peakAssets`; clean assets count as 0). */
  peak: number;
  /** Impact-weighted mean score over every asset, clean ones included. */
  breadth: number;
}

/** What an estate's score is made of; parts of several tenants merge into the score of them all. */
export interface EstateParts {
  /** The worst `peakAssets` asset scores, worst first. */
  worst: number[];
  /** Every asset, clean ones included: the peak averages over min(peakAssets, assets). */
  assets: number;
  /** Sum of weight x score over the assets, and the sum of their weights (clean assets included). */
  weighted: number;
  weight: number;
}

/** The n largest values, largest first, in one pass (estates have tens of thousands of assets). */
function largest(values: readonly number[], n: number): number[] {
  const top: number[] = [];
  for (const v of values) {
    if (top.length === n && v <= (top[n - 1] as number)) continue;
    let at = top.length;
    while (at > 0 && (top[at - 1] as number) < v) at--;
    top.splice(at, 0, v);
    if (top.length > n) top.pop();
  }
  return top;
}

/** Parts from the scored assets' scores and weights plus the clean assets' count and weight. */
export function estatePartsOf(
  scores: readonly number[],
  weights: readonly number[],
  clean: { count: number; weight: number },
): EstateParts {
  let weighted = 0;
  let weight = clean.weight;
  scores.forEach((s, i) => {
    weighted += s * (weights[i] ?? 1);
    weight += weights[i] ?? 1;
  });
  return { worst: largest(scores, riskModel.peakAssets), assets: scores.length + clean.count, weighted, weight };
}

/**
 * Half the worst few assets, half the weighted mean of the whole estate (of one or several
 * tenants). The peak divides by a count that remediation does not change: a fixed asset stays
 * in the inventory with score 0 instead of leaving the average.
 */
export function scoreEstateParts(parts: readonly EstateParts[]): EstateScore {
  const n = Math.min(
    riskModel.peakAssets,
    parts.reduce((s, p) => s + p.assets, 0),
  );
  const worst = parts
    .flatMap((p) => p.worst)
    .sort((a, b) => b - a)
    .slice(0, n);
  const peak = n > 0 ? worst.reduce((s, v) => s + v, 0) / n : 0;
  const weight = parts.reduce((s, p) => s + p.weight, 0);
  const breadth = weight > 0 ? parts.reduce((s, p) => s + p.weighted, 0) / weight : 0;
  return { score: riskModel.peakShare * peak + (1 - riskModel.peakShare) * breadth, peak, breadth };
}

/** The clean assets' count and their weight with the factors up to `upTo`. */
export function cleanPartOf(clean: EstateInput["cleanAssets"], upTo: RiskStage = "incidents"): { count: number; weight: number } {
  let count = 0;
  let weight = 0;
  for (const [impact, n] of Object.entries(clean)) {
    count += n ?? 0;
    weight += (n ?? 0) * assetWeight(impact === "unknown" ? null : impact, upTo);
  }
  return { count, weight };
}

export function estateParts(estate: EstateInput, upTo: RiskStage = "incidents"): EstateParts {
  const scores = estate.assets.map((a) => assetRisk(a, upTo).score);
  const weights = estate.assets.map((a) => assetWeight(a.businessImpact, upTo));
  return estatePartsOf(scores, weights, cleanPartOf(estate.cleanAssets, upTo));
}

export const estateRisk = (estate: EstateInput, upTo: RiskStage = "incidents"): EstateScore =>
  scoreEstateParts([estateParts(estate, upTo)]);

export interface RiskFactorPoints {
  stage: RiskStage;
  points: number;
}

/** The estate's score (one decimal) and what each factor adds, in `riskStages` order. */
export function explainEstateRisk(estate: EstateInput): { score: EstateScore; factors: RiskFactorPoints[] } {
  let before = 0;
  let last: EstateScore = { score: 0, peak: 0, breadth: 0 };
  const factors = riskStages.map((stage) => {
    last = estateRisk(estate, stage);
    // Rounded cumulatively so the rounded points add up exactly to the rounded score.
    const points = roundRisk(last.score) - roundRisk(before);
    before = last.score;
    return { stage, points: roundRisk(points) };
  });
  return { score: { score: roundRisk(last.score), peak: roundRisk(last.peak), breadth: roundRisk(last.breadth) }, factors };
}

/** The asset after its finding of risk `risk` is remediated; `nextMax` is its next worst finding's risk. */
export function withoutFinding(input: AssetRiskInput, risk: number, nextMax: number): AssetRiskInput {
  const { full } = input.findings;
  const max = risk >= full.max ? nextMax : full.max;
  return { ...input, findings: { ...input.findings, full: { max, sum: Math.max(0, full.sum - risk) } } };
}

export function riskBand(score: number): Priority {
  for (const [band, floor] of riskModel.bands) if (score >= floor) return band;
  return "Low";
}

export const roundRisk = (v: number): number => Math.round(v * 10) / 10;
