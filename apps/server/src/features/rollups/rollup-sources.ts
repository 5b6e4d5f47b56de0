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
