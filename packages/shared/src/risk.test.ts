import { describe, expect, it } from "vitest";
import {
  type AssetRiskInput,
  aggregateRisks,
  assetRisk,
  estateParts,
  estateRisk,
  explainEstateRisk,
  type FindingRiskInput,
  findingRisk,
  findingsScore,
  riskBand,
  riskModel,
  scoreEstateParts,
  withoutFinding,
} from "./risk";

const finding = (f: Partial<FindingRiskInput>): FindingRiskInput => ({
  cvssScore: null,
  severity: "Medium",
  kev: false,
  epss: null,
  ...f,
});

/** An asset input built from its findings, the way the server aggregates them in SQL. */
function asset(findings: FindingRiskInput[], extra: Partial<AssetRiskInput> = {}): AssetRiskInput {
  const bases = findings.map((f) => findingRisk(f).base);
  return {
    findings: {
      base: aggregateRisks(bases),
      epss: aggregateRisks(findings.map((f, i) => (bases[i] ?? 0) * (1 + (f.epss ?? 0)))),
      full: aggregateRisks(findings.map((f) => findingRisk(f).risk)),
    },
    businessImpact: "Medium",
    internetFacing: false,
    openIncidents: 0,
    ...extra,
  };
}

const kevCritical = finding({ cvssScore: 9.8, severity: "Critical", kev: true, epss: 0.9 });

describe("finding risk", () => {
  it("multiplies the CVSS base by exploitability: KEV doubles it, EPSS adds its probability", () => {
    expect(findingRisk(kevCritical)).toEqual({ base: 9.8, exploitability: 2, risk: 19.6 });
    expect(findingRisk(finding({ cvssScore: 7.5, severity: "High", epss: 0.4 })).risk).toBeCloseTo(10.5);
    expect(findingRisk(finding({ cvssScore: 5, epss: null })).risk).toBe(5);
  });

  it("falls back to the middle of the severity's CVSS band when a finding has no score", () => {
    expect(findingRisk(finding({ severity: "Critical" })).base).toBe(9.5);
    expect(findingRisk(finding({ severity: "Low" })).base).toBe(2);
    // A real score of 0 (informational) stays 0 rather than taking the band.
    expect(findingRisk(finding({ severity: "Low", cvssScore: 0 })).risk).toBe(0);
  });
});

describe("asset risk", () => {
  it("counts the worst finding in full and the rest with diminishing weight", () => {
    expect(findingsScore({ max: 10, sum: 10 })).toBe(10);
    const withRest = findingsScore({ max: 10, sum: 10 + riskModel.restScale });
    expect(withRest).toBeCloseTo(10 + riskModel.restCap * (1 - Math.exp(-1)));
    expect(findingsScore({ max: 10, sum: 1e9 })).toBeCloseTo(10 + riskModel.restCap);
  });

  it("ranks one KEV critical above 100 lows, and one critical above any number of lows", () => {
    const lows = Array.from({ length: 100 }, () => finding({ cvssScore: 3.9, severity: "Low", epss: 0.01 }));
    const oneKev = assetRisk(asset([kevCritical])).score;
    const hundredLows = assetRisk(asset(lows)).score;
    const oneCritical = assetRisk(asset([finding({ cvssScore: 9, severity: "Critical" })])).score;
    const thousandLows = assetRisk(asset(Array.from({ length: 1000 }, () => finding({ cvssScore: 3.9, severity: "Low" })))).score;
    expect(oneKev).toBeGreaterThan(hundredLows);
    expect(oneCritical).toBeGreaterThan(thousandLows);
  });

  it("raises the score with business impact, internet exposure and open incidents", () => {
    const plain = asset([finding({ cvssScore: 7.5, severity: "High" })]);
    const base = assetRisk(plain);
    expect(base.raw).toBeCloseTo(7.5);
    expect(base.score).toBeCloseTo(100 * (1 - Math.exp(-7.5 / 20)));
    const worse = assetRisk({ ...plain, businessImpact: "High", internetFacing: true, openIncidents: 9 });
    expect(worse.multipliers).toEqual({ impact: 1.5, exposure: 1.3, incidents: 2 });
    expect(worse.raw).toBeCloseTo(7.5 * 1.5 * 1.3 * 2);
    expect(assetRisk({ ...plain, businessImpact: "Low" }).score).toBeLessThan(base.score);
    expect(assetRisk({ ...plain, businessImpact: null }).score).toBeCloseTo(base.score);
  });

  it("scores an asset with no open findings 0, whatever else is true of it", () => {
    expect(assetRisk(asset([], { businessImpact: "High", internetFacing: true, openIncidents: 3 })).score).toBe(0);
  });

  it("applies only the factors up to the stage asked for", () => {
    const a = asset([kevCritical], { businessImpact: "High" });
    expect(assetRisk(a, "severity").raw).toBeCloseTo(9.8);
    expect(assetRisk(a, "epss").raw).toBeCloseTo(9.8 * 1.9);
    expect(assetRisk(a, "kev").raw).toBeCloseTo(19.6);
    expect(assetRisk(a, "impact").raw).toBeCloseTo(19.6 * 1.5);
  });
});

describe("estate (tenant) risk", () => {
  it("is 0 with no findings and mixes the worst assets with the weighted mean of all", () => {
    expect(estateRisk({ assets: [], cleanAssets: { High: 4 } }).score).toBe(0);
    const a = asset([kevCritical], { businessImpact: "High" });
    const s = assetRisk(a).score;
    const one = estateRisk({ assets: [a], cleanAssets: {} });
    expect(one.peak).toBeCloseTo(s);
    expect(one.score).toBeCloseTo(s);
    // Three clean Low assets (weight 1 each) beside one High asset (weight 3): breadth halves,
    // and the peak averages the worst four assets, clean ones counting 0.
    const diluted = estateRisk({ assets: [a], cleanAssets: { Low: 3 } });
    expect(diluted.breadth).toBeCloseTo(s / 2);
    expect(diluted.peak).toBeCloseTo(s / 4);
    expect(diluted.score).toBeCloseTo(0.5 * (s / 4) + 0.25 * s);
    // Beyond five assets the peak is the mean of the worst five.
    expect(estateRisk({ assets: [a], cleanAssets: { Low: 30 } }).peak).toBeCloseTo(s / 5);
  });

  it("explains the score: factor points in a fixed order that add up to it", () => {
    const estate = {
      assets: [
        asset([kevCritical, finding({ cvssScore: 6.5, epss: 0.2 })], {
          businessImpact: "High",
          internetFacing: true,
          openIncidents: 1,
        }),
        asset([finding({ cvssScore: 4.3, severity: "Medium" })], { businessImpact: "Low" }),
      ],
      cleanAssets: { Medium: 2 },
    };
    const { score, factors } = explainEstateRisk(estate);
    expect(factors.map((f) => f.stage)).toEqual(["severity", "epss", "kev", "impact", "exposure", "incidents"]);
    expect(factors.reduce((s, f) => s + f.points, 0)).toBeCloseTo(score.score, 5);
    expect(score.score).toBeCloseTo(Math.round(estateRisk(estate).score * 10) / 10, 5);
    for (const stage of ["kev", "exposure", "incidents"])
      expect(factors.find((f) => f.stage === stage)?.points).toBeGreaterThan(0);
  });

  it("merges tenants' parts into the score of them all", () => {
    const t1 = { assets: [asset([kevCritical])], cleanAssets: { High: 1 } };
    const t2 = {
      assets: [asset([finding({ cvssScore: 5 })]), asset([finding({ cvssScore: 3, severity: "Low" })])],
      cleanAssets: {},
    };
    const merged = scoreEstateParts([estateParts(t1), estateParts(t2)]);
    const together = estateRisk({ assets: [...t1.assets, ...t2.assets], cleanAssets: { High: 1 } });
    expect(merged.score).toBeCloseTo(together.score);
  });

  it("keeps a remediated asset in the peak's count, so remediation always lowers the score", () => {
    const worst = asset([kevCritical]);
    const other = asset([finding({ cvssScore: 6 })]);
    const before = estateRisk({ assets: [worst, other], cleanAssets: {} }).score;
    // The worst asset fixed: it becomes a clean asset of the same impact.
    const after = estateRisk({ assets: [other], cleanAssets: { Medium: 1 } }).score;
    expect(after).toBeLessThan(before);
    expect(after).toBeCloseTo(estateRisk({ assets: [withoutFinding(worst, 19.6, 0), other], cleanAssets: {} }).score);
  });

  it("recomputes an asset without one finding for the 'what would lower it' list", () => {
    const a = asset([kevCritical, finding({ cvssScore: 5 })]);
    const after = withoutFinding(a, 19.6, 5);
    expect(after.findings.full).toEqual({ max: 5, sum: 5 });
    expect(assetRisk(after).score).toBeCloseTo(assetRisk(asset([finding({ cvssScore: 5 })])).score);
    // Remediating a finding that is not the worst keeps the max and lowers the sum.
    expect(withoutFinding(a, 5, 19.6).findings.full).toEqual({ max: 19.6, sum: 19.6 });
  });

  it("bands scores", () => {
    expect([0, 19.9, 20, 39.9, 40, 69.9, 70, 100].map(riskBand)).toEqual([
      "Low",
      "Low",
      "Medium",
      "Medium",
      "High",
      "High",
      "Critical",
      "Critical",
    ]);
  });
});
