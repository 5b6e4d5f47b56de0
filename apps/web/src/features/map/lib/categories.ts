import { type MapCategory, mapCategories } from "@watchfloor/shared";

export { mapCategories };

/**
 * One hue per category, the same in both themes: each fill carries its count in `text` at 4.5:1
 * or better (white on the dark fills, slate-950 on amber), and every fill stands out from the
 * land and sea of either theme. Blue, green and violet are our own estate; red, amber and pink
 * are the threats.
 */
export const categoryStyle: Record<MapCategory, { fill: string; text: string; description: string }> = {
  Cloud: { fill: "#0369a1", text: "#ffffff", description: "Incidents on cloud assets, at their region's site" },
  "On-premise": { fill: "#047857", text: "#ffffff", description: "Incidents on assets in the organisation's own sites" },
  Hybrid: { fill: "#7c3aed", text: "#ffffff", description: "Incidents on assets that span cloud and on-premise" },
  "External Threat": { fill: "#dc2626", text: "#ffffff", description: "Incidents from a public source address, at its country" },
  "Human Error": { fill: "#fbbf24", text: "#020617", description: "Root cause was a mistake by people, at the asset's site" },
  "Malicious Insider": {
    fill: "#be185d",
    text: "#ffffff",
    description: "Root cause was an insider acting on purpose, at the asset's site",
  },
};

/** A ring of category shares for a marker that stands for several categories at once. */
export function categoryRing(shares: { category: MapCategory; count: number }[]): string {
  const total = shares.reduce((sum, s) => sum + s.count, 0) || 1;
  let at = 0;
  const stops = shares.map((s) => {
    const start = (at / total) * 100;
    at += s.count;
    return `${categoryStyle[s.category].fill} ${start.toFixed(2)}% ${((at / total) * 100).toFixed(2)}%`;
  });
  return `conic-gradient(${stops.join(", ")})`;
}
