import { sql } from "kysely";
import type { Db } from "./rollups.repository";
import type { SourceCount, SourceDayDelta } from "./rollup-sources";
import { UNITS_PER_DAY } from "./rollup-sources";

/**
 * Alerts per data source (docs/mdr.md "Data-source health"): level-0 rows per quarter hour,
 * rewritten with their leaf, and per UTC day, recomputed from the quarter hours of the days a
 * refresh touched. Every function takes the tenant (or tenants) it touches.
 */
export async function deleteSourceLeaves(db: Db, tenantId: string, units: number[]): Promise<void> {
  for (let i = 0; i < units.length; i += 500)
    await db
      .deleteFrom("rollup_sources")
      .where("tenant_id", "=", tenantId)
      .where("start", "in", units.slice(i, i + 500))
      .execute();
}

export async function insertSourceLeaves(db: Db, rows: SourceCount[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2_000)
    await db
      .insertInto("rollup_sources")
      .values(rows.slice(i, i + 2_000))
      .execute();
}

export type SourceLeafRow = { start: number; tool: string; sensor: string; n: number; latest: number };

/** The per-source rows of one tenant's leaves. */
export async function sourceLeaves(db: Db, tenantId: string, units: number[]): Promise<SourceLeafRow[]> {
  const rows: SourceLeafRow[] = [];
  for (let i = 0; i < units.length; i += 500)
    rows.push(
      ...(await db
        .selectFrom("rollup_sources")
        .select(["start", "tool", "sensor", "n", "latest"])
        .where("tenant_id", "=", tenantId)
        .where("start", "in", units.slice(i, i + 500))
        .execute()),
    );
  return rows;
}

/** Adds the changes to one tenant's day rows (latest kept as the larger), dropping days whose count reaches 0. */
export async function addToSourceDays(db: Db, tenantId: string, deltas: SourceDayDelta[]): Promise<void> {
  for (let i = 0; i < deltas.length; i += 500) {
    const chunk = deltas.slice(i, i + 500);
    await db
      .insertInto("rollup_source_days")
      .values(chunk.map((d) => ({ tenant_id: tenantId, day: d.day, tool: d.tool, sensor: d.sensor, n: d.n, latest: d.latest })))
      .onConflict((oc) =>
        oc.columns(["tenant_id", "day", "tool", "sensor"]).doUpdateSet({
          n: sql`rollup_source_days.n + excluded.n`,
          latest: sql`case when excluded.latest > rollup_source_days.latest then excluded.latest else rollup_source_days.latest end`,
        }),
      )
      .execute();
  }
  const days = [...new Set(deltas.filter((d) => d.n < 0).map((d) => d.day))];
  for (let i = 0; i < days.length; i += 500)
    await db
      .deleteFrom("rollup_source_days")
      .where("tenant_id", "=", tenantId)
      .where("day", "in", days.slice(i, i + 500))
      .where("n", "<=", 0)
      .execute();
}

/** Every day row again from the quarter hours (after a full rebuild). */
export async function rebuildSourceDays(db: Db): Promise<void> {
  await db.deleteFrom("rollup_source_days").execute();
  const day = sql<number>`((start - ((start % ${sql.lit(UNITS_PER_DAY)}) + ${sql.lit(UNITS_PER_DAY)}) % ${sql.lit(UNITS_PER_DAY)}) / ${sql.lit(UNITS_PER_DAY)})`;
  await db
    .insertInto("rollup_source_days")
    .columns(["tenant_id", "day", "tool", "sensor", "n", "latest"])
    .expression(
      db
        .selectFrom("rollup_sources")
        .select([
          "tenant_id",
          day.as("day"),
          "tool",
          "sensor",
          sql<number>`sum(n)`.as("n"),
          sql<number>`max(latest)`.as("latest"),
        ])
        .groupBy(["tenant_id", day, "tool", "sensor"]),
    )
    .execute();
}

/**
 * Day counts of the tenants' sources from day `fromDay` on, and each source's latest
 * detection over all days (the day rows hold a source for every day it sent something).
 */
export async function sourceDays(db: Db, tenantIds: readonly string[], fromDay: number) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("rollup_source_days")
    .select(["tenant_id", "day", "tool", "sensor", "n"])
    .where("tenant_id", "in", [...tenantIds])
    .where("day", ">=", fromDay)
    .execute();
}

export async function sourceLatest(db: Db, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("rollup_source_days")
    .select(["tenant_id", "tool", "sensor", sql<number>`max(latest)`.as("latest"), sql<number>`min(day)`.as("first_day")])
    .where("tenant_id", "in", [...tenantIds])
    .groupBy(["tenant_id", "tool", "sensor"])
    .execute();
}
