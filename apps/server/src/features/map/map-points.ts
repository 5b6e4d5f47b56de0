import { type MapIncident, type MapPoint, mapPointIncidentLimit } from "@watchfloor/shared";
import type { Placement } from "./placement";

/**
 * Incidents in the same category at the same place and name make one point. Coordinates are
 * rounded to 4 decimals (about 11 m) so the same site read twice is one key. Points come out
 * busiest first; each lists its newest incidents, up to the limit, and counts them all.
 */
export function groupPoints(
  placed: { placement: Placement; incident: Omit<MapIncident, "via"> }[],
  limit = mapPointIncidentLimit,
): MapPoint[] {
  const points = new Map<string, MapPoint>();
  for (const { placement, incident } of placed) {
    const lat = Math.round(placement.lat * 1e4) / 1e4;
    const lng = Math.round(placement.lng * 1e4) / 1e4;
    const id = `${placement.category}|${lat}|${lng}|${placement.name}`;
    let point = points.get(id);
    if (!point) {
      point = { id, category: placement.category, name: placement.name, lat, lng, count: 0, incidents: [] };
      points.set(id, point);
    }
    point.count++;
    point.incidents.push({ ...incident, via: placement.via });
  }
  // Code-point order: ISO instants and ids sort the same way, without a locale comparison per pair.
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const newestFirst = (a: MapIncident, b: MapIncident) => byText(b.createdAt, a.createdAt) || byText(b.id, a.id);
  const list = [...points.values()];
  for (const point of list) {
    point.incidents.sort(newestFirst);
    if (point.incidents.length > limit) point.incidents.length = limit;
  }
  return list.sort((a, b) => b.count - a.count || byText(a.id, b.id));
}
