import type { MapCategory, MapPoint } from "@watchfloor/shared";
import { describe, expect, it } from "vitest";
import { categoryRing } from "./categories";
import { clusterPoints, markerSize } from "./clusters";

const point = (id: string, category: MapCategory, count: number): MapPoint => ({
  id,
  category,
  name: id,
  lat: 0,
  lng: 0,
  count,
  incidents: [],
});
const at = (p: MapPoint, x: number, y: number) => ({ point: p, x, y });

describe("clusterPoints", () => {
  it("keeps points further apart than the radius separate", () => {
    const clusters = clusterPoints([at(point("a", "Cloud", 1), 0, 0), at(point("b", "Cloud", 1), 100, 0)], 30);
    expect(clusters.map((c) => c.points.map((p) => p.id))).toEqual([["a"], ["b"]]);
  });

  it("merges overlapping points, counting incidents per category in legend order", () => {
    const clusters = clusterPoints(
      [
        at(point("fra", "On-premise", 3), 100, 100),
        at(point("ru", "External Threat", 5), 110, 100),
        at(point("err", "Human Error", 2), 95, 120),
      ],
      30,
    );
    expect(clusters).toHaveLength(1);
    const [c] = clusters;
    expect(c?.count).toBe(10);
    expect(c?.categories).toEqual([
      { category: "On-premise", count: 3 },
      { category: "External Threat", count: 5 },
      { category: "Human Error", count: 2 },
    ]);
    // Incident-weighted centre: (100*3 + 110*5 + 95*2) / 10, (100*8 + 120*2) / 10.
    expect(c?.x).toBeCloseTo(104);
    expect(c?.y).toBeCloseTo(104);
    expect(c?.id).toBe("err\nfra\nru");
  });

  it("lets the busiest point start the cluster, so a chain does not swallow the map", () => {
    // b is busiest; a and c are each within 30 of b but 40 from each other: one cluster around b.
    const clusters = clusterPoints(
      [
        at(point("a", "Cloud", 1), 0, 0),
        at(point("b", "Cloud", 9), 20, 0),
        at(point("c", "Cloud", 1), 40, 0),
        at(point("d", "Cloud", 1), 75, 0),
      ],
      30,
    );
    expect(clusters.map((c) => c.points.map((p) => p.id).sort())).toEqual([["a", "b", "c"], ["d"]]);
  });

  it("splits again when zooming in spreads the points out", () => {
    const items = (scale: number) => [
      at(point("a", "Cloud", 1), 10 * scale, 10 * scale),
      at(point("b", "Hybrid", 1), 12 * scale, 11 * scale),
    ];
    expect(clusterPoints(items(1), 28)).toHaveLength(1);
    expect(clusterPoints(items(20), 28)).toHaveLength(2);
  });
});

describe("markers", () => {
  it("grow with incidents within bounds", () => {
    expect(markerSize(1)).toBe(22);
    expect(markerSize(10)).toBe(34);
    expect(markerSize(10_000)).toBe(46);
  });

  it("draw a ring of category shares", () => {
    expect(
      categoryRing([
        { category: "Cloud", count: 1 },
        { category: "External Threat", count: 3 },
      ]),
    ).toBe("conic-gradient(#0369a1 0.00% 25.00%, #dc2626 25.00% 100.00%)");
  });
});
