import type { AppContext } from "../../context";
import { oneSnapshot } from "../../db/dialect";
import { decodeHistogram, Tally } from "./rollup-histogram";
import { type RankedDim, reportColumns } from "./rollup-leaf";
import { type AnalystSums, blockAnalysts, blockHistograms, blockTotals } from "./rollup-read.repository";
import { rollupsFor } from "./rollup-refresher";
import { keyIds, keysInOrder, rangeAnalysts, staleLeaves } from "./rollups.repository";
import { type Block, blockRange, planWindow, UNIT_MS, uniqueBlocks, type WindowPlan } from "./rollup-units";

/** The summed figures of the overview, as both the rollups and the direct queries give them. */
export const figureColumns = [
  "alerts",
  "crit",
  "high",
  "open",
  "open_critical",
  "open_high",
  "open_medium",
  "open_low",
  "mtta_sum",
  "mtta_n",
  "mttr_sum",
  "mttr_n",
  "ack_met",
  "ack_missed",
  "respond_met",
  "respond_missed",
  "escalated",
  "resolved",
  "resolved_auto",
  "breached",
  ...reportColumns,
] as const;
export type Figures = Record<(typeof figureColumns)[number], number>;

export const emptyFigures = (): Figures => Object.fromEntries(figureColumns.map((c) => [c, 0])) as Figures;

/** Adds a row of figures (numbers or PostgreSQL's numeric strings) into `into`. */
export function addFigures(into: Figures, row: Partial<Record<keyof Figures, unknown>>): Figures {
  for (const c of figureColumns) into[c] += Number(row[c] ?? 0);
  return into;
}

/**
 * The plan of a window after the queue of these tenants has been refreshed: whatever was
 * written before the request is in the rollups it reads.
 */
export async function freshPlan(ctx: AppContext, tenantIds: readonly string[], from: number, to: number): Promise<WindowPlan> {
  await rollupsFor(ctx).flush(tenantIds);
  return planWindow(from, to);
}

type TotalsRow = Awaited<ReturnType<typeof blockTotals>>[number];

const toFigures = (r: TotalsRow): Partial<Record<keyof Figures, unknown>> => {
  const n = (c: string) => Number(r[c] ?? 0);
  return {
    ...r,
    ack_missed: n("ack_late") + n("ack_pending"),
    respond_missed: n("respond_late") + n("respond_pending"),
    breached: n("breached_late") + n("breached_pending"),
  };
};

const subtract = (into: Figures, row: Partial<Record<keyof Figures, unknown>>) => {
  for (const c of figureColumns) into[c] -= Number(row[c] ?? 0);
};

/**
 * Figures per tenant over whole-leaf blocks, as of `now`, and the quarter hours to count
 * directly instead. A leaf's overdue counts hold until the clock passes its next due time (or
 * goes back before its refresh): such leaves, of every tenant in scope, are taken out of the
 * sums and returned in `direct`, for the caller to count with the partial edges. The
 * background refresher re-counts them soon after; a read never waits for that.
 */
export async function blockFigures(
  ctx: AppContext,
  tenantIds: readonly string[],
  blocks: readonly Block[],
  now: number,
): Promise<{ byTenant: Map<string, Figures>; direct: [number, number][] }> {
  const byTenant = new Map<string, Figures>();
  // The blocks and the stale leaves inside them are read from one snapshot: the refresher may
  // recount a stale leaf meanwhile (on PostgreSQL, from another connection), and a leaf read
  // stale in its block but fresh on its own would be neither taken out nor counted directly.
  const units = await oneSnapshot(ctx.db, async (db) => {
    const rows = await blockTotals(db, tenantIds, blocks);
    for (const r of rows) byTenant.set(r.tenant_id, addFigures(byTenant.get(r.tenant_id) ?? emptyFigures(), toFigures(r)));
    const stale = uniqueBlocks(
      rows
        .filter((r) => Number(r.asof) > now || (r.next_due != null && Number(r.next_due) < now))
        .map((r) => ({ level: Number(r.level), start: Number(r.start) })),
    );
    const found = new Set<number>();
    for (const block of stale) {
      const [from, to] = blockRange(block);
      for (const leaf of await staleLeaves(db, tenantIds, [from / UNIT_MS, to / UNIT_MS], now)) found.add(Number(leaf.start));
    }
    if (found.size === 0) return found;
    for (const r of await blockTotals(
      db,
      tenantIds,
      [...found].map((start) => ({ level: 0, start })),
    )) {
      subtract(byTenant.get(r.tenant_id) ?? emptyFigures(), toFigures(r));
    }
    return found;
  });
  if (units.size === 0) return { byTenant, direct: [] };
  rollupsFor(ctx).expireSoon();
  return { byTenant, direct: [...units].sort((a, b) => a - b).map((u): [number, number] => [u * UNIT_MS, (u + 1) * UNIT_MS]) };
}

/** Alerts, critical and high per block (all tenants together), for charts made of blocks. */
export async function blockCounts(
  ctx: AppContext,
  tenantIds: readonly string[],
  blocks: readonly Block[],
): Promise<Map<string, { total: number; critical: number; high: number }>> {
  const counts = new Map<string, { total: number; critical: number; high: number }>();
  for (const r of await blockTotals(ctx.db, tenantIds, blocks)) {
    const id = `${Number(r.level)}:${Number(r.start)}`;
    const c = counts.get(id) ?? { total: 0, critical: 0, high: 0 };
    c.total += Number(r.alerts);
    c.critical += Number(r.crit);
    c.high += Number(r.high);
    counts.set(id, c);
  }
  return counts;
}

/**
 * The `limit` most frequent values of a ranked dimension over the blocks plus `extra` counts
 * (the partial edges, counted directly), ordered as SQL would: count desc, then value in the
 * database's collation, which the database itself decides for tied values.
 */
export async function topRanked(
  ctx: AppContext,
  tenantIds: readonly string[],
  blocks: readonly Block[],
  dim: RankedDim,
  limit: number,
  extra: { key: string; n: unknown }[],
): Promise<{ key: string; n: number }[]> {
  const tally = new Tally();
  for (const row of await blockHistograms(ctx.db, tenantIds, blocks, [dim])) tally.addHistogram(decodeHistogram(row.data));
  if (extra.length) {
    const ids = await keyIds(
      ctx.db,
      dim,
      extra.map((e) => e.key),
    );
    for (const e of extra) tally.add(ids.get(e.key) as number, Number(e.n));
  }
  const { above, ties, tieCount, need } = tally.top(limit);
  // Ties at the cut-off: the first `need` values in collation order, a chunk at a time.
  const firstTies: number[] = [];
  for (let i = 0; i < ties.length && need > 0; i += 500)
    firstTies.push(...(await keysInOrder(ctx.db, ties.slice(i, i + 500), need)).map((k) => k.id));
  const chosenTies = (await keysInOrder(ctx.db, firstTies, need)).map((k) => ({ id: k.id, n: tieCount }));
  const chosen = [...above, ...chosenTies];
  const count = new Map(chosen.map((c) => [c.id, c.n]));
  const ordered = await keysInOrder(
    ctx.db,
    chosen.map((c) => c.id),
  );
  // Stable: equal counts keep the database's value order.
  return ordered.map((k) => ({ key: k.key, n: count.get(k.id) ?? 0 })).sort((a, b) => b.n - a.n);
}

export type AnalystFigures = Record<keyof AnalystSums, number> & { analyst: string };

/**
 * Per analyst over a window: whole blocks from rollup_analysts, the partial quarter hours at the
 * edges counted directly. Nothing here depends on the clock, so no leaf goes stale. Callers
 * flush the tenants' queue first (freshPlan, rollupSource).
 */
export async function analystActivity(
  ctx: AppContext,
  tenantIds: readonly string[],
  from: number,
  to: number,
): Promise<AnalystFigures[]> {
  const plan = planWindow(from, to);
  const rows = [
    ...(await blockAnalysts(ctx.db, tenantIds, plan.blocks)),
    ...(await rangeAnalysts(ctx.db, tenantIds, plan.partial)),
  ];
  const byAnalyst = new Map<string, AnalystFigures>();
  for (const r of rows) {
    const sum = byAnalyst.get(r.analyst) ?? {
      analyst: r.analyst,
      alerts: 0,
      mtta_sum: 0,
      mtta_n: 0,
      mttr_sum: 0,
      mttr_n: 0,
      ack_met: 0,
      acked: 0,
    };
    for (const k of ["alerts", "mtta_sum", "mtta_n", "mttr_sum", "mttr_n", "ack_met", "acked"] as const) sum[k] += Number(r[k]);
    byAnalyst.set(r.analyst, sum);
  }
  return [...byAnalyst.values()];
}
