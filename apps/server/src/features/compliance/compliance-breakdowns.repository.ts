import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { DB } from "../../db/tables";
import { latestUnderException } from "./compliance-exceptions.repository";

type Db = Kysely<DB> | Transaction<DB>;

/** The column each breakdown dimension groups by, of results `r` joined to their scans `s`. */
export const dimensionColumns = {
  service: sql<string | null>`r.service`,
  region: sql<string | null>`r.region`,
  resource_type: sql<string | null>`r.resource_type`,
  severity: sql<string | null>`r.severity`,
  tool: sql<string | null>`s.tool`,
  benchmark: sql<string | null>`s.benchmark_id`,
} satisfies Record<string, RawBuilder<string | null>>;

export type BreakdownDimension = keyof typeof dimensionColumns;

/**
 * Rewrites the breakdown rows (migration 0041) of every target these scans belong to, from the
 * target's latest scans: one row per dimension and key with its counts and the resources
 * distinct within the target. Runs in the import's transaction with the other rollups, so a
 * read never sees counts of another moment than the latest flags'.
 */
export async function refreshTargetBreakdowns(trx: Transaction<DB>, tenantId: string, scanIds: readonly string[]) {
  for (let i = 0; i < scanIds.length; i += 200) {
    const touched = trx
      .selectFrom("compliance_scans")
      .select(["target_kind", "target_id"])
      .distinct()
      .where("tenant_id", "=", tenantId)
      .where("id", "in", scanIds.slice(i, i + 200));
    await trx
      .deleteFrom("compliance_target_breakdowns")
      .where("tenant_id", "=", tenantId)
      .where(sql<boolean>`(target_kind, target_id) in (${touched})`)
      .execute();
    for (const [dimension, column] of Object.entries(dimensionColumns))
      await trx
        .insertInto("compliance_target_breakdowns")
        .columns(["tenant_id", "target_kind", "target_id", "dimension", "key", "pass", "fail", "error", "total", "resources"])
        .expression(
          trx
            .selectFrom(touched.as("t"))
            .innerJoin("compliance_scans as s", (join) =>
              join.onRef("s.target_kind", "=", "t.target_kind").onRef("s.target_id", "=", "t.target_id"),
            )
            .innerJoin("compliance_results as r", "r.scan_id", "s.id")
            .where("s.tenant_id", "=", tenantId)
            .where("s.latest", "=", 1)
            .select((eb) => [
              "s.tenant_id",
              "s.target_kind",
              "s.target_id",
              sql.lit(dimension).as("dimension"),
              column.as("key"),
              sql<number>`sum(case when r.result = 'pass' then 1 else 0 end)`.as("pass"),
              sql<number>`sum(case when r.result = 'fail' then 1 else 0 end)`.as("fail"),
              sql<number>`sum(case when r.result = 'error' then 1 else 0 end)`.as("error"),
              eb.fn.countAll<number>().as("total"),
              eb.fn.count<number>(sql`distinct coalesce(r.resource_id, s.target_id)`).as("resources"),
            ])
            .groupBy(["s.tenant_id", "s.target_kind", "s.target_id", column]),
        )
        .execute();
  }
}

/** The latest results of the tenants in scope per key of one dimension, before exceptions. */
export async function breakdownTotals(db: Db, tenantIds: readonly string[], dimension: BreakdownDimension, targetKind?: string) {
  if (tenantIds.length === 0) return [];
  let q = db
    .selectFrom("compliance_target_breakdowns")
    .where("tenant_id", "in", [...tenantIds])
    .where("dimension", "=", dimension);
  if (targetKind) q = q.where("target_kind", "=", targetKind);
  const rows = await q
    .select((eb) => [
      "key",
      eb.fn.sum<number>("pass").as("pass"),
      eb.fn.sum<number>("fail").as("fail"),
      eb.fn.sum<number>("error").as("error"),
      eb.fn.sum<number>("total").as("total"),
      eb.fn.sum<number>("resources").as("resources"),
    ])
    .groupBy("key")
    .execute();
  return rows.map((r) => ({
    key: r.key,
    pass: Number(r.pass),
    fail: Number(r.fail),
    error: Number(r.error),
    total: Number(r.total),
    resources: Number(r.resources),
  }));
}

/**
 * Failing and erroring latest results under an exception in force, counted per key of one
 * dimension and verdict (a result two exceptions cover counts once).
 */
export async function exceptedByKey(
  db: Db,
  tenantIds: readonly string[],
  now: number,
  dimension: BreakdownDimension,
  targetKind?: string,
) {
  if (tenantIds.length === 0) return [];
  const key = dimensionColumns[dimension];
  const q = latestUnderException(db, tenantIds, now, targetKind);
  const rows = await q
    .select((eb) => [key.as("key"), "r.result", eb.fn.count<number>(sql`distinct r.id`).as("n")])
    .groupBy([key, "r.result"])
    .execute();
  return rows.map((r) => ({ key: r.key, result: r.result, n: Number(r.n) }));
}
