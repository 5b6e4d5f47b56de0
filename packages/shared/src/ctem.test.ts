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

describe("CTEM exposure score", () => {
  it("starts from CVSS x 10 and applies each factor in order, showing its points", () => {
    const r = scoreExposure(base);
    // 75 x 1 (no threat data) x 1 (Medium) x 0.8 (internal) x 1 (not validated)
    expect(r.score).toBe(60);
    expect(r.factors.map((f) => [f.factor, f.multiplier, f.points])).toEqual([
      ["severity", 1, 75],
      ["threat", 1, 0],
      ["business impact", 1, 0],
      ["internet exposure", 0.8, -15],
      ["compensating controls", 1, 0],
    ]);
    // The points add up to the score.
    expect(r.factors.reduce((s, f) => s + f.points, 0)).toBeCloseTo(r.score, 5);
  });

  it("uses the severity when there is no CVSS, and the open service's port for a service", () => {
    expect(scoreExposure({ ...base, cvss: null, severity: "Critical" }).factors[0]).toMatchObject({ points: 95 });
    expect(scoreExposure({ ...base, cvss: null, severity: null, port: 3389 }).factors[0]).toMatchObject({ points: 50 });
    expect(scoreExposure({ ...base, cvss: null, severity: null, port: 8080 }).factors[0]).toMatchObject({ points: 30 });
  });

  it("weighs KEV above EPSS, asset impact above the scope's, and the internet", () => {
    expect(scoreExposure({ ...base, kev: true, epss: 0.9 }).factors[1]).toMatchObject({ multiplier: 1.6, points: 45 });
    expect(scoreExposure({ ...base, epss: 0.5 }).factors[1]).toMatchObject({ multiplier: 1.25 });
    const asset = scoreExposure({ ...base, assetImpact: "Low", scopeImpact: "High" }).factors[2];
    expect(asset).toMatchObject({ multiplier: 0.7, reason: "asset business impact Low" });
    expect(scoreExposure({ ...base, scopeImpact: "High" }).factors[2]?.reason).toContain("scope business impact High");
    expect(scoreExposure({ ...base, internetFacing: true }).score).toBe(97.5);
  });

  it("lowers mitigated and not-exploitable exposures, raises validated ones, and caps at 100", () => {
    const open = scoreExposure(base).score;
    expect(scoreExposure({ ...base, validation: "mitigated" }).score).toBe(24);
    expect(scoreExposure({ ...base, validation: "not_exploitable" }).score).toBe(6);
    expect(scoreExposure({ ...base, validation: "validated" }).score).toBe(75);
    expect(scoreExposure({ ...base, validation: "validated" }).score).toBeGreaterThan(open);
    const worst = scoreExposure({
      ...base,
      cvss: 10,
      kev: true,
      assetImpact: "High",
      internetFacing: true,
      validation: "validated",
    });
    expect(worst.score).toBe(100);
    expect(worst.factors.at(-1)).toMatchObject({ factor: "cap" });
    expect(worst.factors.reduce((s, f) => s + f.points, 0)).toBeCloseTo(100, 5);
  });

  it("ignores EPSS and CVSS outside their ranges", () => {
    expect(scoreExposure({ ...base, epss: 7 }).factors[1]?.multiplier).toBe(1);
    expect(scoreExposure({ ...base, cvss: 42 }).factors[0]?.points).toBe(75);
  });
});

describe("CTEM scope score", () => {
  it("is the worst exposure plus a tenth of the next nine, capped at 100", () => {
    expect(scoreScope([])).toBe(0);
    expect(scoreScope([40])).toBe(40);
    expect(scoreScope([10, 60, 20])).toBe(63);
    expect(scoreScope([50, ...Array(20).fill(10)])).toBe(59);
    expect(scoreScope([95, 90, 90])).toBe(100);
  });
});
