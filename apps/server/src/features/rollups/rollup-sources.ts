import { UNIT_MS } from "./rollup-units";

/** Quarter hours per UTC day: the day of a leaf is floor(unit / UNITS_PER_DAY). */
export const UNITS_PER_DAY = 86_400_000 / UNIT_MS;

/**
 * The data source of an alert (docs/mdr.md "Data sources"): the tool that raised it (its source
 * tool, else the source it was ingested from) and the sensor within it (its detection source,
 * "" when none is named). The migration 0026 backfill uses the same definition in SQL.
 */
export function dataSourceOf(r: { source: string; source_tool: string | null; detection_source: string | null }): {
  tool: string;
  sensor: string;
} {
  return { tool: r.source_tool ?? r.source, sensor: r.detection_source ?? "" };
}

export interface SourceCount {
  tenant_id: string;
  start: number;
  tool: string;
  sensor: string;
  n: number;
  latest: number;
}

/** Alerts per (tenant, quarter hour, source) with the latest detection time of each. */
export function aggregateSources(
  rows: Iterable<{
    tenant_id: string;
    detected_at: number;
    source: string;
    source_tool: string | null;
    detection_source: string | null;
  }>,
): SourceCount[] {
  const counts = new Map<string, SourceCount>();
  for (const r of rows) {
    const { tool, sensor } = dataSourceOf(r);
    const start = Math.floor(r.detected_at / UNIT_MS);
    const key = JSON.stringify([r.tenant_id, start, tool, sensor]);
    const c = counts.get(key);
    if (c) {
      c.n++;
      if (r.detected_at > c.latest) c.latest = r.detected_at;
    } else counts.set(key, { tenant_id: r.tenant_id, start, tool, sensor, n: 1, latest: r.detected_at });
  }
  return [...counts.values()];
}

export const dayOfUnit = (unit: number): number => Math.floor(unit / UNITS_PER_DAY);

export interface SourceDayDelta {
  day: number;
  tool: string;
  sensor: string;
  /** Change of the day's count (new leaves' counts less the old ones'). */
  n: number;
  /** Latest detection among the new leaves (0 when none). */
  latest: number;
}

/**
 * What refreshing some leaves changes in their days: per (day, source), the new counts less the
 * old ones, and the new latest detection. A day's latest only ever grows this way (an alert
 * moved out of the day leaves its latest behind, see docs/mdr.md); a count reaching 0 drops the row.
 */
export function sourceDayDeltas(
  before: readonly { start: number; tool: string; sensor: string; n: number }[],
  after: readonly { start: number; tool: string; sensor: string; n: number; latest: number }[],
): SourceDayDelta[] {
  const deltas = new Map<string, SourceDayDelta>();
  const at = (start: number, tool: string, sensor: string) => {
    const day = dayOfUnit(start);
    const key = JSON.stringify([day, tool, sensor]);
    let d = deltas.get(key);
    if (!d) {
      d = { day, tool, sensor, n: 0, latest: 0 };
      deltas.set(key, d);
    }
    return d;
  };
  for (const r of before) at(Number(r.start), r.tool, r.sensor).n -= Number(r.n);
  for (const r of after) {
    const d = at(Number(r.start), r.tool, r.sensor);
    d.n += Number(r.n);
    d.latest = Math.max(d.latest, Number(r.latest));
  }
  return [...deltas.values()].filter((d) => d.n !== 0 || d.latest > 0);
}
