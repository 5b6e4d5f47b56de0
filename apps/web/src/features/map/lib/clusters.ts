import type { MapCategory, MapPoint } from "@watchfloor/shared";
import { mapCategories } from "@watchfloor/shared";

export type ScreenPoint = { point: MapPoint; x: number; y: number };
export type Cluster = {
  /** The member point ids, sorted and joined: stable while the same points stay together. */
  id: string;
  x: number;
  y: number;
  points: MapPoint[];
  count: number;
  /** Incidents per category, in legend order, categories present only. */
  categories: { category: MapCategory; count: number }[];
};

/**
 * Greedy clustering in screen pixels: the busiest point starts a cluster and takes in every point
 * within `radius` of it; the next unclaimed point starts the next. A grid of radius-sized cells
 * keeps it near linear. The marker sits at the incident-weighted centre of its members.
 */
export function clusterPoints(items: ScreenPoint[], radius: number): Cluster[] {
  const order = [...items].sort((a, b) => b.point.count - a.point.count || a.point.id.localeCompare(b.point.id));
  const groups: { x: number; y: number; members: ScreenPoint[] }[] = [];
  const grid = new Map<string, number[]>();
  const cell = (x: number, y: number) => [Math.floor(x / radius), Math.floor(y / radius)] as const;
  for (const item of order) {
    const [cx, cy] = cell(item.x, item.y);
    let home: number | undefined;
    let best = radius * radius;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const index of grid.get(`${cx + dx}:${cy + dy}`) ?? []) {
          const g = groups[index];
          if (!g) continue;
          const d = (g.x - item.x) ** 2 + (g.y - item.y) ** 2;
          if (d <= best) {
            best = d;
            home = index;
          }
        }
      }
    }
    if (home !== undefined) {
      groups[home]?.members.push(item);
      continue;
    }
    grid.set(`${cx}:${cy}`, [...(grid.get(`${cx}:${cy}`) ?? []), groups.length]);
    groups.push({ x: item.x, y: item.y, members: [item] });
  }
  return groups.map(({ members }) => {
    const count = members.reduce((sum, m) => sum + m.point.count, 0);
    const byCategory = new Map<MapCategory, number>();
    for (const m of members) byCategory.set(m.point.category, (byCategory.get(m.point.category) ?? 0) + m.point.count);
    return {
      id: members
        .map((m) => m.point.id)
        .sort()
        .join("\n"),
      x: members.reduce((sum, m) => sum + m.x * m.point.count, 0) / (count || 1),
      y: members.reduce((sum, m) => sum + m.y * m.point.count, 0) / (count || 1),
      points: members.map((m) => m.point),
      count,
      categories: mapCategories
        .filter((c) => byCategory.has(c))
        .map((category) => ({ category, count: byCategory.get(category) ?? 0 })),
    };
  });
}

/** Marker diameter in pixels: grows with the square root of its incidents, within bounds. */
export const markerSize = (count: number) => Math.round(Math.min(46, 22 + Math.sqrt(Math.max(0, count - 1)) * 4));
