import {
  type EstateInput,
  explainEstateRisk,
  type RiskFactor,
  type RiskScore,
  type RiskStage,
  riskBand,
} from "@watchfloor/shared";

/** Counts the factor explanations quote, for the tenants the score covers. */
export interface FactorFacts {
  openFindings: number;
  critical: number;
  high: number;
  withEpss: number;
  epssAbove10: number;
  kev: number;
  highImpactAtRisk: number;
  lowImpactAtRisk: number;
  internetFacingAtRisk: number;
  assetsWithIncidents: number;
  openIncidents: number;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

const labels: Record<RiskStage, string> = {
  severity: "Severity and CVSS",
  epss: "Exploit prediction (EPSS)",
  kev: "Known exploited (CISA KEV)",
  impact: "Business impact",
  exposure: "Internet exposure",
  incidents: "Open incidents",
};

function detail(stage: RiskStage, f: FactorFacts): string {
  switch (stage) {
    case "severity":
      return `${plural(f.openFindings, "open finding")}: ${f.critical.toLocaleString("en")} critical, ${f.high.toLocaleString("en")} high. Each counts its CVSS base score.`;
    case "epss":
      return f.withEpss
        ? `${plural(f.withEpss, "open finding")} with an EPSS probability, ${f.epssAbove10.toLocaleString("en")} above 10%. Each is weighted by 1 + its probability.`
        : "No open finding has an EPSS score yet (loading the FIRST EPSS file adds exploit probabilities).";
    case "kev":
      return f.kev
        ? `${plural(f.kev, "open finding")} in the CISA KEV catalog count double.`
        : "No open finding is in the CISA KEV catalog (or no catalog is loaded).";
    case "impact":
      return `${plural(f.highImpactAtRisk, "high-impact asset")} (x1.5) and ${plural(f.lowImpactAtRisk, "low-impact asset")} (x0.6) have open findings.`;
    case "exposure":
      return `${plural(f.internetFacingAtRisk, "internet-facing asset")} with open findings (x1.3).`;
    case "incidents":
      return f.assetsWithIncidents
        ? `${plural(f.assetsWithIncidents, "vulnerable asset")} involved in ${plural(f.openIncidents, "open incident")} (+25% each, up to four).`
        : "No vulnerable asset is involved in an open incident.";
  }
}

/** The score of some tenants with each factor's points and the facts behind it. */
export function scoreWithFactors(input: EstateInput, facts: FactorFacts): RiskScore {
  const explained = explainEstateRisk(input);
  const factors: RiskFactor[] = explained.factors.map((f) => ({
    stage: f.stage,
    label: labels[f.stage],
    points: f.points,
    detail: detail(f.stage, facts),
  }));
  return {
    score: explained.score.score,
    band: riskBand(explained.score.score),
    peak: explained.score.peak,
    breadth: explained.score.breadth,
    factors,
  };
}
