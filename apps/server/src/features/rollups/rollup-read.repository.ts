import { type Kysely, type RawBuilder, sql } from "kysely";
import { isSqlite, unindexed } from "../../db/dialect";
import { type BlockRef, cachedHistograms } from "./rollup-histogram-cache.repository";
import type { RankedDim } from "./rollup-leaf";
import type { Db } from "./rollups.repository";
import type { Block } from "./rollup-units";

/**
 * Reads of rollup blocks for a window. A window's blocks are at most two per level, so each
 * query is a UNION ALL of one branch per level, each an index seek on (tenant, level, start):
 * an OR over levels would leave both engines scanning every block of the tenants.
 */
function perLevel(blocks: readonly Block[]): [number, number[]][] {
  const levels = new Map<number, number[]>();
  for (const b of blocks) levels.set(b.level, [...(levels.get(b.level) ?? []), b.start]);
  return [...levels];
}

const branchWhere = (tenantIds: readonly string[], level: number, starts: number[]) =>
  sql`tenant_id in (${sql.join([...tenantIds])}) and level = ${level} and start in (${sql.join(starts)})`;

/** Rows of rollup_totals for the blocks, per tenant and block (summed by the caller). */
export async function blockTotals(db: Db, tenantIds: readonly string[], blocks: readonly Block[]) {
  if (tenantIds.length === 0 || blocks.length === 0) return [];
  const branches = perLevel(blocks).map(
    ([level, starts]) => sql`select * from rollup_totals where ${branchWhere(tenantIds, level, starts)}`,
  );
  const result = await sql<
    Record<string, unknown> & { tenant_id: string; level: number; start: number; asof: number; next_due: number | null }
  >`${sql.join(branches, sql` union all `)}`.execute(db);
  return result.rows;
}

/** The ranked histograms of the blocks for some dimensions. */
export async function blockHistograms(
  db: Db,
  tenantIds: readonly string[],
  blocks: readonly Block[],
  dims: readonly RankedDim[],
) {
  if (tenantIds.length === 0 || blocks.length === 0) return [];
  const sqlite = isSqlite(db as Kysely<unknown>);
  // On PostgreSQL the versions only: the data comes from this server's cache where it is current.
  const columns = sqlite ? sql`dim, data` : sql`tenant_id, level, start, dim, xmin::text as version`;
  const branches = perLevel(blocks).map(
    ([level, starts]) =>
      sql`select ${columns} from rollup_ranked where ${branchWhere(tenantIds, level, starts)} and dim in (${sql.join([...dims])})`,
  );
  const joined = sql`${sql.join(branches, sql` union all `)}`;
  if (sqlite) return (await sql<{ dim: RankedDim; data: Uint8Array }>`${joined}`.execute(db)).rows;
  return cachedHistograms(db, (await sql<BlockRef>`${joined}`.execute(db)).rows);
}

/** Union branches over rollup_attack: (attack_key, n, latest, tactics), to combine with direct counts in SQL. */
export function attackBranches(tenantIds: readonly string[], blocks: readonly Block[]): RawBuilder<unknown>[] {
  if (tenantIds.length === 0) return [];
  return perLevel(blocks).map(
    ([level, starts]) =>
      sql`select attack_key, n, latest, tactics from rollup_attack where ${branchWhere(tenantIds, level, starts)}`,
  );
}

/** Rows of rollup_analysts for the blocks (summed by the caller). */
export async function blockAnalysts(db: Db, tenantIds: readonly string[], blocks: readonly Block[]) {
  if (tenantIds.length === 0 || blocks.length === 0) return [];
  const branches = perLevel(blocks).map(
    ([level, starts]) =>
      sql`select analyst, alerts, mtta_sum, mtta_n, mttr_sum, mttr_n, ack_met, acked from rollup_analysts where ${branchWhere(tenantIds, level, starts)}`,
  );
  const result = await sql<AnalystSums & { analyst: string }>`${sql.join(branches, sql` union all `)}`.execute(db);
  return result.rows;
}

/** One analyst's sums (PostgreSQL gives bigints as strings). */
export type AnalystSums = Record<"alerts" | "mtta_sum" | "mtta_n" | "mttr_sum" | "mttr_n" | "ack_met" | "acked", number | string>;

/** Union branches over rollup_incidents: (attack_key, incident_id). */
export function incidentBranches(tenantIds: readonly string[], blocks: readonly Block[]): RawBuilder<unknown>[] {
  if (tenantIds.length === 0) return [];
  return perLevel(blocks).map(
    ([level, starts]) => sql`select attack_key, incident_id from rollup_incidents where ${branchWhere(tenantIds, level, starts)}`,
  );
}

/** `alerts.detected_at` in any of the ranges, for the partial leaves at a window's edges. */
export const inRanges = (ranges: readonly [number, number][]): RawBuilder<boolean> =>
  sql<boolean>`(${sql.join(
    ranges.map(([from, to]) => sql`(alerts.detected_at >= ${from} and alerts.detected_at < ${to})`),
    sql` or `,
  )})`;

/**
 * `alerts.tenant_id in (...)` that does not lead the plan. The alert indexes start with a sort
 * column, not the tenant; on a SQLite database without statistics the planner would still pick
 * the unique (tenant, source, source id) index and walk every alert of the tenant instead of the
 * detected_at range. A unary plus hides the column from index selection (SQLite only).
 */
export const alertTenantIn = (db: Db, tenantIds: readonly string[]): RawBuilder<boolean> =>
  sql<boolean>`${unindexed(db as never, "alerts", "tenant_id")} in (${sql.join([...tenantIds])})`;
