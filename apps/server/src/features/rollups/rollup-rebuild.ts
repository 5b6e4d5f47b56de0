import { insertMergedRanked, writeLeaves } from "./rollup-refresh";
import { rebuildSourceDays } from "./rollup-sources.repository";
import * as repo from "./rollups.repository";
import { LEVEL_STEP, parentLevels, UNIT_MS, unitOf } from "./rollup-units";

// One day of alerts (all tenants) per pass.
const PASS_MS = 96 * UNIT_MS;

/**
 * Recomputes every rollup from the alerts: the leaves a day at a time, then each level from
 * the one below in bulk. Used by the migration that introduces rollups, by `watchfloor rollups
 * rebuild`, and after loading alerts behind the write paths' back (the benchmark database).
 * Runs in the caller's transaction, holding the rollup lock so that a refresher of the same
 * database (the server's, during the demo seed) waits instead of deadlocking with it; the queue
 * is cleared because everything is fresh.
 */
export async function rebuildRollups(db: repo.Db, now: number): Promise<{ leaves: number; seconds: number }> {
  const started = Date.now();
  await repo.lockRollups(db);
  await repo.clearRollups(db);
  const tenants = await repo.allTenantIds(db);
  const keyCache = new Map<string, number>();
  let cursor = await repo.nextDetection(db, Number.MIN_SAFE_INTEGER);
  while (cursor !== null) {
    const from = unitOf(cursor) * UNIT_MS;
    await writeLeaves(db, tenants, [[from, from + PASS_MS]], now, { keyCache }, null);
    cursor = await repo.nextDetection(db, from + PASS_MS);
  }
  await rebuildSourceDays(db);
  for (const level of parentLevels) {
    await repo.mergeSqlLevel(db, level, null, null, false);
    for (const tenantId of tenants) {
      await insertMergedRanked(db, tenantId, level, await repo.rankedAtLevel(db, tenantId, level - LEVEL_STEP));
    }
  }
  return { leaves: await repo.countLeaves(db), seconds: (Date.now() - started) / 1000 };
}
