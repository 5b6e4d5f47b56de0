import { sql } from "kysely";
import { insertMergedRanked, writeLeaves } from "./rollup-refresh";
import * as repo from "./rollups.repository";
import { LEVEL_STEP, parentLevels, UNIT_MS, unitOf } from "./rollup-units";

// One day of alerts (all tenants) per pass.
const PASS_MS = 96 * UNIT_MS;

/**
 * Recomputes every rollup from the alerts: the leaves a day at a time, then each level from
 * the one below in bulk. Used by the migration that introduces rollups, by `watchfloor rollups
 * rebuild`, and after loading alerts behind the write paths' back (the benchmark database).
 * Runs in the caller's transaction; the queue is cleared because everything is fresh.
 */
export async function rebuildRollups(db: repo.Db, now: number): Promise<{ leaves: number; seconds: number }> {
  const started = Date.now();
  for (const table of [...repo.rollupTables, "rollup_dirty"] as const) await db.deleteFrom(table).execute();
  const tenants = (await db.selectFrom("tenants").select("id").execute()).map((t) => t.id);
  const keyCache = new Map<string, number>();
  let cursor = await nextDetection(db, Number.MIN_SAFE_INTEGER);
  while (cursor !== null) {
    const from = unitOf(cursor) * UNIT_MS;
    await writeLeaves(db, tenants, [[from, from + PASS_MS]], now, { keyCache }, null);
    cursor = await nextDetection(db, from + PASS_MS);
  }
  for (const level of parentLevels) {
    await repo.mergeSqlLevel(db, level, null, null, false);
    for (const tenantId of tenants) {
      const children = await db
        .selectFrom("rollup_ranked")
        .select(["start", "dim", "data"])
        .where("tenant_id", "=", tenantId)
        .where("level", "=", level - LEVEL_STEP)
        .execute();
      await insertMergedRanked(db, tenantId, level, children);
    }
  }
  const leaves = await db
    .selectFrom("rollup_totals")
    .select(sql<number>`count(*)`.as("n"))
    .where("level", "=", 0)
    .executeTakeFirst();
  return { leaves: Number(leaves?.n ?? 0), seconds: (Date.now() - started) / 1000 };
}

/** The first detection at or after `at`, or null (skips the empty stretches of a sparse history). */
async function nextDetection(db: repo.Db, at: number): Promise<number | null> {
  const row = await db
    .selectFrom("alerts")
    .select(sql<number | null>`min(detected_at)`.as("at"))
    .where("detected_at", ">=", at)
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}
