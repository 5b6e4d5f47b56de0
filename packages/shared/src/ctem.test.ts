import { describe, expect, it } from "vitest";
import { type CtemExposureInput, scoreExposure, scoreScope } from "./ctem";

const base: CtemExposureInput = {
  cvss: 7.5,
  severity: "High",
  port: 80,
  kev: false,
  epss: null,
  assetImpact: null,
  scopeImpact: "Medium",
  internetFacing: false,
  validation: null,
};
/** The product of the top multipliers, written out: KEV 1.6 x High 1.3 x internet 1.3 x validated 1.25. */
const MAX = 1.6 * 1.3 * 1.3 * 1.25;
const points = (tenths: number) => (tenths * 10) / MAX;

describe("CTEM exposure score", () => {
  it("starts from CVSS scaled to the maximum and applies each factor in order, showing its points", () => {
    const r = scoreExposure(base);
    // 7.5 x 1 (no threat data) x 1 (Medium) x 0.8 (internal) x 1 (not validated), scaled.
    expect(r.score).toBeCloseTo(points(7.5) * 0.8, 1);
    expect(r.factors.map((f) => [f.factor, f.multiplier])).toEqual([
      ["severity", 1],
      ["threat", 1],
      ["business impact", 1],
      ["internet exposure", 0.8],
      ["compensating controls", 1],
    ]);
    expect(r.factors[0]?.points).toBeCloseTo(points(7.5), 1);
    expect(r.factors[3]?.points).toBeCloseTo(-points(7.5) * 0.2, 1);
    // The points add up to the score.
    expect(r.factors.reduce((s, f) => s + f.points, 0)).toBeCloseTo(r.score, 0);
  });

  it("uses the severity when there is no CVSS, and the open service's port for a service", () => {
    expect(scoreExposure({ ...base, cvss: null, severity: "Critical" }).factors[0]?.points).toBeCloseTo(points(9.5), 1);
    expect(scoreExposure({ ...base, cvss: null, severity: null, port: 3389 }).factors[0]?.points).toBeCloseTo(points(5), 1);
    expect(scoreExposure({ ...base, cvss: null, severity: null, port: 8080 }).factors[0]?.points).toBeCloseTo(points(3), 1);
  });

  it("weighs KEV above EPSS, asset impact above the scope's, and the internet", () => {
    expect(scoreExposure({ ...base, kev: true, epss: 0.9 }).factors[1]).toMatchObject({ multiplier: 1.6 });
    expect(scoreExposure({ ...base, epss: 0.5 }).factors[1]).toMatchObject({ multiplier: 1.25, reason: "EPSS 50.0 %" });
    const asset = scoreExposure({ ...base, assetImpact: "Low", scopeImpact: "High" }).factors[2];
    expect(asset).toMatchObject({ multiplier: 0.7, reason: "asset business impact Low" });
    expect(scoreExposure({ ...base, scopeImpact: "High" }).factors[2]?.reason).toContain("scope business impact High");
    expect(scoreExposure({ ...base, internetFacing: true }).score).toBeCloseTo(points(7.5) * 1.3, 1);
  });

  it("lowers mitigated and not-exploitable exposures, raises validated ones, and reaches 100 only at the top", () => {
    const open = scoreExposure(base).score;
    expect(scoreExposure({ ...base, validation: "mitigated" }).score).toBeCloseTo(open * 0.4, 0);
    expect(scoreExposure({ ...base, validation: "not_exploitable" }).score).toBeCloseTo(open * 0.1, 0);
    expect(scoreExposure({ ...base, validation: "validated" }).score).toBeCloseTo(open * 1.25, 0);
    const worst = { ...base, cvss: 10, kev: true, assetImpact: "High", internetFacing: true, validation: "validated" } as const;
    expect(scoreExposure(worst).score).toBe(100);
    // Below the top, every factor still moves the score: nothing saturates.
    expect(scoreExposure({ ...worst, cvss: 9.8 }).score).toBe(98);
    expect(scoreExposure({ ...worst, validation: "mitigated" }).score).toBe(32);
  });

  it("ignores EPSS and CVSS outside their ranges", () => {
    expect(scoreExposure({ ...base, epss: 7 }).factors[1]?.multiplier).toBe(1);
    expect(scoreExposure({ ...base, cvss: 42 }).factors[0]?.points).toBeCloseTo(points(7.5), 1);
  });
});

describe("CTEM scope score", () => {
  it("is the worst exposure raised toward 100 by the mean of the next nine slots", () => {
    expect(scoreScope([])).toBe(0);
    expect(scoreScope([40])).toBe(40);
    // 60 + 40 x (30 / 9) / 100
    expect(scoreScope([10, 60, 20])).toBe(61.3);
    // Only the next nine count: 50 + 50 x 10 / 100
    expect(scoreScope([50, ...Array(20).fill(10)])).toBe(55);
    expect(scoreScope([95, 90, 90])).toBe(96);
    expect(scoreScope(Array(10).fill(100))).toBe(100);
  });

  it("moves when any of the top ten changes, and not for an eleventh", () => {
    const ten = Array(10).fill(40);
    expect(scoreScope([50, ...ten.slice(1)])).toBeGreaterThan(scoreScope(ten));
    expect(scoreScope([20, ...ten.slice(1)])).toBeLessThan(scoreScope(ten));
    expect(scoreScope([...ten, 5])).toBe(scoreScope([...ten, 39]));
  });
});
