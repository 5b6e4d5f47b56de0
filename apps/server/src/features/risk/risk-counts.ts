import { type Priority, priorities } from "@watchfloor/shared";
import type { OpenFindingCounts } from "./risk.repository";

/** Open findings in the rows (tenants), of one priority and/or age bucket (index into riskAgeBuckets) when given. */
export function openCount(rows: readonly OpenFindingCounts[], priority?: Priority, age?: number): number {
  let total = 0;
  for (const row of rows) {
    for (const p of priority ? [priority] : priorities) {
      const cells = row.byAge[p];
      total += age === undefined ? cells.reduce((s, n) => s + n, 0) : (cells[age] ?? 0);
    }
  }
  return total;
}

export const byPriority = (rows: readonly OpenFindingCounts[], age?: number): Record<Priority, number> =>
  Object.fromEntries(priorities.map((p) => [p, openCount(rows, p, age)])) as Record<Priority, number>;

export const sumOf = (rows: readonly OpenFindingCounts[], pick: (row: OpenFindingCounts) => number): number =>
  rows.reduce((s, r) => s + pick(r), 0);
