import type { AppContext } from "../../context";
import { yieldToEventLoop } from "../../lib/yield";
import { attackActivity } from "../attack/matrix.repository";
import type { RankedDim } from "../rollups/rollup-leaf";
import { rollupsFor } from "../rollups/rollup-refresher";
import { planWindow, uniqueBlocks, type WindowPlan } from "../rollups/rollup-units";
import { addFigures, blockCounts, blockFigures, emptyFigures, type Figures, topRanked } from "../rollups/rollup-window";
import * as repo from "./dashboard.repository";

/**
 * The longest range counted directly in one query: an hour of a 100,000-alert day is about 12 ms.
 * One range a query costs no more in total than one query over all of them (310 ms against
 * 301 ms for 97 quarter hours), while SQLite's plans for 3 to 32 OR-ed ranges took up to three
 * times as long.
 */
const DIRECT_PIECE_MS = 3_600_000;

/** Ranges cut into pieces no longer than `max`. */
function piecesOf(ranges: [number, number][], max: number): [number, number][] {
  const pieces: [number, number][] = [];
  for (const [from, to] of ranges) for (let at = from; at < to; at += max) pieces.push([at, Math.min(to, at + max)]);
  return pieces;
}

export type Counts = { total: number; critical: number; high: number };
type Ranked = { key: string; n: number }[];

/** Where the overview's figures come from, for a window [from, to) of the tenants in scope. */
export interface FigureSource {
  /** Summed figures per tenant (tenants without alerts are absent). */
  figures(from: number, to: number): Promise<Map<string, Figures>>;
  /** Alerts per bucket of `bucket` ms from `from`, by bucket index. */
  overTime(from: number, to: number, bucket: number): Promise<Map<number, Counts>>;
  ranked(from: number, to: number, dim: RankedDim, limit: number): Promise<Ranked>;
  techniques(from: number, to: number, limit: number): Promise<Ranked>;
}

const byTenant = (rows: repo.TenantTotalsRow[], into = new Map<string, Figures>()) => {
  for (const r of rows) into.set(r.tenant_id, addFigures(into.get(r.tenant_id) ?? emptyFigures(), r));
  return into;
};
const bucketRows = (rows: Awaited<ReturnType<typeof repo.rangeOverTime>>, into = new Map<number, Counts>()) => {
  for (const r of rows) {
    const c = into.get(Number(r.bucket)) ?? { total: 0, critical: 0, high: 0 };
    c.total += Number(r.total);
    c.critical += Number(r.critical);
    c.high += Number(r.high);
    into.set(Number(r.bucket), c);
  }
  return into;
};
const numbers = (rows: { key: string; n: unknown }[]): Ranked => rows.map((r) => ({ key: r.key, n: Number(r.n) }));

const techniqueCounts = async (ctx: AppContext, tenantIds: readonly string[], plan: WindowPlan, limit: number): Promise<Ranked> =>
  (await attackActivity(ctx.db, tenantIds, plan, { techniquesOnly: true, limit })).map((r) => ({
    key: r.key,
    n: Number(r.alerts),
  }));

function joinAdjacent(ranges: [number, number][]): [number, number][] {
  const joined: [number, number][] = [];
  for (const [from, to] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = joined.at(-1);
    if (last && last[1] === from) last[1] = to;
    else joined.push([from, to]);
  }
  return joined;
}

/** Everything counted from the alerts: the definition, and the reference the rollup tests compare with. */
export function directSource(ctx: AppContext, tenantIds: readonly string[], now: number): FigureSource {
  return {
    figures: async (from, to) => byTenant(await repo.rangeTotals(ctx.db, tenantIds, [[from, to]], now)),
    overTime: async (from, to, bucket) => bucketRows(await repo.rangeOverTime(ctx.db, tenantIds, [[from, to]], from, bucket)),
    ranked: async (from, to, dim, limit) => numbers(await repo.rangeRanked(ctx.db, tenantIds, [[from, to]], dim, limit)),
    techniques: async (from, to, limit) => techniqueCounts(ctx, tenantIds, { blocks: [], partial: [[from, to]] }, limit),
  };
}

/**
 * Whole quarter hours from the rollups, the partial ones at the edges counted directly (see
 * rollups/rollup-units.ts planWindow). The queue of these tenants is refreshed first, so the
 * answer includes every change made before the request.
 */
export async function rollupSource(ctx: AppContext, tenantIds: readonly string[], now: number): Promise<FigureSource> {
  await rollupsFor(ctx).flush(tenantIds);
  return {
    async figures(from, to) {
      const plan = planWindow(from, to);
      const { byTenant: figures, direct } = await blockFigures(ctx, tenantIds, plan.blocks, now);
      // Stale leaves can be thousands of quarter hours (a fresh backfill, or a big ingest of fresh
      // alerts whose due times passed since their refresh). Adjacent ones join (SQLite refuses a
      // condition over 1,000 ranges: a 90-day report hit it), and the runs are cut into pieces of
      // an hour, one query each with the event loop free between them: one query over a day of
      // 100,000 alerts held the thread for 300 ms.
      const pieces = piecesOf(joinAdjacent([...plan.partial, ...direct]), DIRECT_PIECE_MS);
      for (let i = 0; i < pieces.length; i++) {
        if (i > 0) await yieldToEventLoop();
        byTenant(await repo.rangeTotals(ctx.db, tenantIds, pieces.slice(i, i + 1), now), figures);
      }
      return figures;
    },
    async overTime(from, to, bucket) {
      const buckets = Array.from({ length: Math.ceil((to - from) / bucket) }, (_, i) =>
        planWindow(from + i * bucket, Math.min(to, from + (i + 1) * bucket)),
      );
      const counts = await blockCounts(ctx, tenantIds, uniqueBlocks(buckets.flatMap((b) => b.blocks)));
      const result = new Map<number, Counts>();
      buckets.forEach((plan, i) => {
        const c = { total: 0, critical: 0, high: 0 };
        for (const b of plan.blocks) {
          const block = counts.get(`${b.level}:${b.start}`);
          c.total += block?.total ?? 0;
          c.critical += block?.critical ?? 0;
          c.high += block?.high ?? 0;
        }
        result.set(i, c);
      });
      // The partial quarter hours of all buckets (a bucket boundary inside a quarter hour splits
      // it, but the query assigns each alert to its bucket by time, so adjacent pieces join).
      const partial = joinAdjacent(buckets.flatMap((b) => b.partial));
      for (let i = 0; i < partial.length; i += 200)
        bucketRows(await repo.rangeOverTime(ctx.db, tenantIds, partial.slice(i, i + 200), from, bucket), result);
      return result;
    },
    async ranked(from, to, dim, limit) {
      const plan = planWindow(from, to);
      return topRanked(ctx, tenantIds, plan.blocks, dim, limit, await repo.rangeRanked(ctx.db, tenantIds, plan.partial, dim));
    },
    techniques: async (from, to, limit) => techniqueCounts(ctx, tenantIds, planWindow(from, to), limit),
  };
}
