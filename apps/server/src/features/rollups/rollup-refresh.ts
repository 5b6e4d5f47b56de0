import type { DB } from "../../db/tables";
import { type Histogram, decodeHistogram, encodeHistogram, mergeHistograms } from "./rollup-histogram";
import { aggregateLeaves, type Leaf, type RankedDim, rankedDims } from "./rollup-leaf";
import * as repo from "./rollups.repository";
import { aggregateSources, sourceDayDeltas } from "./rollup-sources";
import * as sourcesRepo from "./rollup-sources.repository";
import { blockOf, LEVEL_STEP, parentLevels, UNIT_MS } from "./rollup-units";

export interface LeafRef {
  tenantId: string;
  unit: number;
}

export interface RefreshOptions {
  /** Only the SLA counts changed (a due time passed): skip the histograms and ATT&CK tables. */
  totalsOnly?: boolean;
  /** Value-id cache of the dictionary, kept by the refresher across cycles. */
  keyCache?: Map<string, number>;
}

// Runs of leaves read per source query: up to a day each (memory), up to 100 runs (query size).
// Leaves at most MAX_GAP apart share a run: reading a few unwanted alerts beats another range.
const RUN_UNITS = 96;
const RUNS_PER_QUERY = 100;
const MAX_GAP = 2;

/**
 * Recomputes the given leaves from the alerts, with overdue judged at `now`, then every
 * ancestor block from its two children. Runs inside the caller's transaction.
 */
export async function refreshLeaves(db: repo.Db, leaves: LeafRef[], now: number, options: RefreshOptions = {}): Promise<void> {
  const wanted = new Map<string, LeafRef>();
  for (const l of leaves) wanted.set(leafId(l.tenantId, l.unit), l);
  if (wanted.size === 0) return;
  const tables: readonly repo.RollupTable[] = options.totalsOnly ? ["rollup_totals"] : repo.rollupTables;
  const tenants = [...new Set([...wanted.values()].map((l) => l.tenantId))];
  const unitsOf = (tenantId: string) => [...wanted.values()].filter((l) => l.tenantId === tenantId).map((l) => l.unit);
  // The per-source counts these leaves had, taken off their days once the new ones are in.
  const oldSources = new Map<string, sourcesRepo.SourceLeafRow[]>();
  for (const tenantId of tenants) {
    const units = unitsOf(tenantId);
    await repo.deleteBlocks(db, tables, tenantId, 0, units);
    if (options.totalsOnly) continue;
    oldSources.set(tenantId, await sourcesRepo.sourceLeaves(db, tenantId, units));
    await sourcesRepo.deleteSourceLeaves(db, tenantId, units);
  }
  const units = [...new Set([...wanted.values()].map((l) => l.unit))].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const unit of units) {
    const last = runs.at(-1);
    if (last && unit - last[1] <= MAX_GAP && unit - last[0] < RUN_UNITS) last[1] = unit;
    else runs.push([unit, unit]);
  }
  for (let i = 0; i < runs.length; i += RUNS_PER_QUERY) {
    const chunk = runs.slice(i, i + RUNS_PER_QUERY);
    const inChunk = [...wanted.values()].filter((l) => chunk.some(([a, b]) => l.unit >= a && l.unit <= b));
    const ranges = chunk.map(([a, b]): [number, number] => [a * UNIT_MS, (b + 1) * UNIT_MS]);
    await writeLeaves(db, [...new Set(inChunk.map((l) => l.tenantId))], ranges, now, options, new Set(wanted.keys()));
  }
  await refreshAncestors(db, [...wanted.values()], options);
  if (!options.totalsOnly)
    for (const tenantId of tenants) {
      const fresh = await sourcesRepo.sourceLeaves(db, tenantId, unitsOf(tenantId));
      await sourcesRepo.addToSourceDays(db, tenantId, sourceDayDeltas(oldSources.get(tenantId) ?? [], fresh));
    }
}

const leafId = (tenantId: string, unit: number) => `${tenantId}|${unit}`;

/**
 * Computes and inserts the level-0 rows of the leaves of `tenants` in the ranges (only those in
 * `wanted` when given); the caller has removed the old rows.
 */
export async function writeLeaves(
  db: repo.Db,
  tenants: string[],
  ranges: [number, number][],
  now: number,
  options: RefreshOptions,
  wanted: Set<string> | null,
): Promise<void> {
  const keep = (tenantId: string, unit: number) => wanted === null || wanted.has(leafId(tenantId, unit));
  const source = await repo.leafSourceRows(db, tenants, ranges);
  const computed = aggregateLeaves(source, now);
  const fresh = [...computed.values()].filter((leaf) => keep(leaf.tenantId, leaf.unit));
  await repo.insertRows(
    db,
    "rollup_totals",
    fresh.map((leaf) => ({
      tenant_id: leaf.tenantId,
      level: 0,
      start: leaf.unit,
      ...leaf.totals,
      asof: now,
      next_due: leaf.nextDue,
    })),
  );
  if (options.totalsOnly) return;
  await sourcesRepo.insertSourceLeaves(
    db,
    aggregateSources(source).filter((r) => keep(r.tenant_id, r.start)),
  );
  await repo.insertRows(db, "rollup_ranked", await rankedRows(db, fresh, options.keyCache));
  const attack = (await repo.attackSource(db, tenants, ranges)).filter((r) => keep(r.tenant_id, Number(r.unit)));
  await repo.insertRows(
    db,
    "rollup_attack",
    attack.map((r) => ({
      tenant_id: r.tenant_id,
      level: 0,
      start: Number(r.unit),
      attack_key: r.attack_key,
      n: Number(r.n),
      latest: Number(r.latest),
      tactics: r.tactics,
    })),
  );
  const analysts = (await repo.analystSource(db, tenants, ranges)).filter((r) => keep(r.tenant_id, Number(r.unit)));
  await repo.insertRows(
    db,
    "rollup_analysts",
    analysts.map((r) => ({
      tenant_id: r.tenant_id,
      level: 0,
      start: Number(r.unit),
      analyst: r.analyst,
      alerts: Number(r.alerts),
      mtta_sum: Number(r.mtta_sum),
      mtta_n: Number(r.mtta_n),
      mttr_sum: Number(r.mttr_sum),
      mttr_n: Number(r.mttr_n),
      ack_met: Number(r.ack_met),
      acked: Number(r.acked),
    })),
  );
  const incidents = (await repo.incidentSource(db, tenants, ranges)).filter((r) => keep(r.tenant_id, Number(r.unit)));
  await repo.insertRows(
    db,
    "rollup_incidents",
    incidents.map((r) => ({
      tenant_id: r.tenant_id,
      level: 0,
      start: Number(r.unit),
      attack_key: r.attack_key,
      incident_id: r.incident_id ?? "",
      n: Number(r.n),
    })),
  );
}

/** Leaf histograms as rows, values turned into dictionary ids. */
async function rankedRows(db: repo.Db, leaves: Leaf[], keyCache?: Map<string, number>): Promise<DB["rollup_ranked"][]> {
  const rows: DB["rollup_ranked"][] = [];
  for (const dim of rankedDims) {
    const keys = new Set<string>();
    for (const leaf of leaves) for (const key of leaf.ranked[dim].keys()) keys.add(key);
    const ids = await repo.keyIds(db, dim, [...keys], keyCache);
    for (const leaf of leaves) {
      if (leaf.ranked[dim].size === 0) continue;
      const counts = new Map<number, number>();
      for (const [key, n] of leaf.ranked[dim]) counts.set(ids.get(key) as number, n);
      rows.push({ tenant_id: leaf.tenantId, level: 0, start: leaf.unit, dim, data: encodeHistogram(counts) });
    }
  }
  return rows;
}

/** Every block above the leaves, level by level, each from its two children. */
async function refreshAncestors(db: repo.Db, leaves: LeafRef[], options: RefreshOptions): Promise<void> {
  const tenants = [...new Set(leaves.map((l) => l.tenantId))];
  for (const level of parentLevels) {
    for (const tenantId of tenants) {
      const starts = [...new Set(leaves.filter((l) => l.tenantId === tenantId).map((l) => blockOf(l.unit, level).start))];
      await repo.mergeSqlLevel(db, level, tenantId, starts, options.totalsOnly === true);
      if (!options.totalsOnly) await mergeRanked(db, tenantId, level, starts);
    }
  }
}

/** Histograms of parents `starts` (level `level`) from their children, for one tenant. */
async function mergeRanked(db: repo.Db, tenantId: string, level: number, starts: number[]): Promise<void> {
  const children = await repo.rankedOf(db, tenantId, level - LEVEL_STEP, repo.childStarts(level, starts));
  await repo.deleteBlocks(db, ["rollup_ranked"], tenantId, level, starts);
  await insertMergedRanked(db, tenantId, level, children);
}

/** Sums children histograms (level - LEVEL_STEP) into their parents of `level` and inserts them. */
export async function insertMergedRanked(
  db: repo.Db,
  tenantId: string,
  level: number,
  children: { start: number; dim: string; data: Uint8Array }[],
): Promise<void> {
  const groups = new Map<string, { start: number; dim: RankedDim; parts: Histogram[] }>();
  for (const c of children) {
    const start = blockOf(Number(c.start), level).start;
    const id = `${start}|${c.dim}`;
    const group = groups.get(id) ?? { start, dim: c.dim as RankedDim, parts: [] };
    group.parts.push(decodeHistogram(c.data));
    groups.set(id, group);
  }
  await repo.insertRows(
    db,
    "rollup_ranked",
    [...groups.values()].map((g) => ({ tenant_id: tenantId, level, start: g.start, dim: g.dim, data: mergeHistograms(g.parts) })),
  );
}
