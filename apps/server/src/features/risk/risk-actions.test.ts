import { type AssetRiskInput, estateRisk, withoutFinding } from "@watchfloor/shared";
import { describe, expect, it } from "vitest";
import { rankActions } from "./risk-actions";

const asset = (risks: number[], businessImpact: string | null = "Medium"): AssetRiskInput => {
  const agg = { max: Math.max(0, ...risks), sum: risks.reduce((s, r) => s + r, 0) };
  return { findings: { base: agg, epss: agg, full: agg }, businessImpact, internetFacing: false, openIncidents: 0 };
};

describe("what would lower the score", () => {
  const assets = [
    asset([19.6, 5], "High"),
    asset([10, 9]),
    asset([4]),
    asset([3, 2, 1], "Low"),
    asset([7]),
    asset([6.5]),
    asset([2]),
    asset([19.6]),
  ];
  const estate = { assets, cleanAssets: { Medium: 10 } };
  const drop = (changes: [number, AssetRiskInput][]) =>
    estateRisk(estate).score -
    estateRisk({ ...estate, assets: assets.map((a, i) => changes.find(([j]) => j === i)?.[1] ?? a) }).score;

  it("gives each remediation the drop a full recomputation gives, largest first", () => {
    const candidates = [
      { payload: "kev-on-high", changes: [{ assetIndex: 0, after: withoutFinding(assets[0] as AssetRiskInput, 19.6, 5) }] },
      { payload: "second-on-high", changes: [{ assetIndex: 0, after: withoutFinding(assets[0] as AssetRiskInput, 5, 19.6) }] },
      { payload: "worst-on-medium", changes: [{ assetIndex: 1, after: withoutFinding(assets[1] as AssetRiskInput, 10, 9) }] },
      // One CVE on two assets: both change together.
      {
        payload: "cve-on-two",
        changes: [
          { assetIndex: 0, after: withoutFinding(assets[0] as AssetRiskInput, 19.6, 5) },
          { assetIndex: 7, after: withoutFinding(assets[7] as AssetRiskInput, 19.6, 0) },
        ],
      },
    ];
    const ranked = rankActions(estate, candidates, 10);
    expect(ranked[0]?.payload).toBe("cve-on-two");
    expect(ranked.map((r) => r.scoreDrop)).toEqual([...ranked.map((r) => r.scoreDrop)].sort((a, b) => b - a));
    for (const r of ranked) {
      const c = candidates.find((x) => x.payload === r.payload);
      expect(r.scoreDrop).toBeCloseTo(drop((c?.changes ?? []).map((ch) => [ch.assetIndex, ch.after])), 6);
      expect(r.assetScoreAfter).toBeLessThan(r.assetScoreBefore);
    }
  });

  it("keeps the requested number, skips empty candidates and handles an estate of one asset", () => {
    const one = { assets: [asset([12])], cleanAssets: {} };
    const [only] = rankActions(
      one,
      [
        { payload: "x", changes: [{ assetIndex: 0, after: withoutFinding(asset([12]), 12, 0) }] },
        { payload: "none", changes: [] },
      ],
      5,
    );
    expect(only?.scoreDrop).toBeCloseTo(estateRisk(one).score, 6);
    expect(rankActions(one, [{ payload: "none", changes: [] }], 5)).toEqual([]);
    const two = rankActions(
      estate,
      [2, 4, 5].map((i) => ({
        payload: i,
        changes: [{ assetIndex: i, after: withoutFinding(assets[i] as AssetRiskInput, 7, 0) }],
      })),
      2,
    );
    expect(two).toHaveLength(2);
  });
});
