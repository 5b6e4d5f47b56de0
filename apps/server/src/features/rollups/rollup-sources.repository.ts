import { sql } from "kysely";
import type { Db } from "./rollups.repository";
import type { SourceCount } from "./rollup-sources";
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

/** Recomputes the day rows of one tenant's `days` from its quarter-hour rows. */
export async function refreshSourceDays(db: Db, tenantId: string, days: number[]): Promise<void> {
  for (const day of days) {
    await db.deleteFrom("rollup_source_days").where("tenant_id", "=", tenantId).where("day", "=", day).execute();
    await db
      .insertInto("rollup_source_days")
      .columns(["tenant_id", "day", "tool", "sensor", "n", "latest"])
      .expression(
        db
          .selectFrom("rollup_sources")
          .select([
            "tenant_id",
            sql<number>`${day}`.as("day"),
            "tool",
            "sensor",
            sql<number>`sum(n)`.as("n"),
            sql<number>`max(latest)`.as("latest"),
          ])
          .where("tenant_id", "=", tenantId)
          .where("start", ">=", day * UNITS_PER_DAY)
          .where("start", "<", (day + 1) * UNITS_PER_DAY)
          .groupBy(["tenant_id", "tool", "sensor"]),
      )
      .execute();
  }
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
