import { type AssetRiskInput, assetRisk, assetWeight, cleanPartOf, type EstateInput, riskModel } from "@watchfloor/shared";

/** A remediation to weigh: the assets it changes (index into the estate's assets) and each one's input after it. */
export interface ActionCandidate<T> {
  payload: T;
  changes: { assetIndex: number; after: AssetRiskInput }[];
}

export interface RankedAction<T> {
  payload: T;
  scoreDrop: number;
  /** The first changed asset's score before and after. */
  assetScoreBefore: number;
  assetScoreAfter: number;
}

/**
 * "What would lower it": each candidate's drop of the estate score, recomputed with its assets
 * changed, largest drop first. Only the changed assets' scores move, so the estate score is
 * updated from the worst few scores and the weighted sum instead of re-scoring every asset.
 */
export function rankActions<T>(estate: EstateInput, candidates: readonly ActionCandidate<T>[], limit: number): RankedAction<T>[] {
  const scores = estate.assets.map((a) => assetRisk(a).score);
  const weights = estate.assets.map((a) => assetWeight(a.businessImpact));
  const clean = cleanPartOf(estate.cleanAssets);
  const weight = weights.reduce((s, w) => s + w, clean.weight);
  const weighted = scores.reduce((s, v, i) => s + v * (weights[i] ?? 1), 0);
  // The peak's divisor counts every asset, clean ones too (scoreEstateParts): remediation keeps it.
  const n = Math.min(riskModel.peakAssets, scores.length + clean.count);
  const order = scores.map((_, i) => i).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  const scoreWith = (changed: Map<number, number>) => {
    // With c assets changed, the unchanged among the worst n + c still hold the rest of the top n.
    const kept = order
      .slice(0, n + changed.size)
      .filter((i) => !changed.has(i))
      .map((i) => scores[i] ?? 0);
    const top = [...kept, ...changed.values()].sort((a, b) => b - a).slice(0, n);
    const peak = n > 0 ? top.reduce((s, v) => s + v, 0) / n : 0;
    let sum = weighted;
    for (const [i, s] of changed) sum += (s - (scores[i] ?? 0)) * (weights[i] ?? 1);
    const breadth = weight > 0 ? sum / weight : 0;
    return riskModel.peakShare * peak + (1 - riskModel.peakShare) * breadth;
  };
  const current = scoreWith(new Map());
  return candidates
    .filter((c) => c.changes.length > 0)
    .map((c) => {
      const changed = new Map(c.changes.map((ch) => [ch.assetIndex, assetRisk(ch.after).score]));
      const first = c.changes[0] as ActionCandidate<T>["changes"][number];
      return {
        payload: c.payload,
        scoreDrop: current - scoreWith(changed),
        assetScoreBefore: scores[first.assetIndex] ?? 0,
        assetScoreAfter: changed.get(first.assetIndex) ?? 0,
      };
    })
    .sort((a, b) => b.scoreDrop - a.scoreDrop)
    .slice(0, limit);
}
