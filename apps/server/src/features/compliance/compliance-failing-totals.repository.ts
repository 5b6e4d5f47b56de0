import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../../db/tables";
import { controlMapsTo } from "./compliance-results.repository";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Rewrites the tenant's failing totals (migration 0042) from the failing rollups of its latest
 * scans: per kind of target and control once over every severity and once per severity rank.
 * Runs last in every import that wrote rollups or moved the latest flag, in its transaction, so
 * readers never see totals of another moment than the rollups'.
 */
export async function refreshFailingTotals(trx: Transaction<DB>, tenantId: string): Promise<void> {
  await trx.deleteFrom("compliance_failing_totals").where("tenant_id", "=", tenantId).execute();
  for (const bySeverity of [0, 1]) {
    const grouped = trx
      .selectFrom("compliance_scan_failing as f")
      .innerJoin("compliance_scans as s", "s.id", "f.scan_id")
      .where("s.tenant_id", "=", tenantId)
      .where("s.latest", "=", 1)
      .select((eb) => [
        "s.tenant_id",
        "s.target_kind",
        "f.tool",
        "f.control_id",
        sql.lit(bySeverity).as("by_severity"),
        (bySeverity ? sql<number>`f.severity_rank` : eb.fn.max("f.severity_rank")).as("severity_rank"),
        eb.fn.max("f.title").as("title"),
        eb.fn.sum<number>("f.failing").as("failing"),
        eb.fn.count<number>(sql`distinct s.target_id`).as("targets"),
      ])
      .groupBy(["s.tenant_id", "s.target_kind", "f.tool", "f.control_id", ...(bySeverity ? ["f.severity_rank" as const] : [])]);
    await trx
      .insertInto("compliance_failing_totals")
      .columns(["tenant_id", "target_kind", "tool", "control_id", "by_severity", "severity_rank", "title", "failing", "targets"])
      .expression(grouped)
      .execute();
  }
}

/**
 * Failing controls over the latest scans in scope: failing results, most severe, targets (before
 * exceptions), summed from the kept totals. With a severity, only the scans that rank the
 * control at it count, as in the per-scan rollups.
 */
export async function failingTotals(
  db: Db,
  tenantIds: readonly string[],
  filter: { targetKind?: string; framework?: string; severityRank?: number },
) {
  if (tenantIds.length === 0) return [];
  let q = db
    .selectFrom("compliance_failing_totals as t")
    .where("t.tenant_id", "in", [...tenantIds])
    .where("t.by_severity", "=", filter.severityRank === undefined ? 0 : 1);
  if (filter.severityRank !== undefined) q = q.where("t.severity_rank", "=", filter.severityRank);
  if (filter.targetKind) q = q.where("t.target_kind", "=", filter.targetKind);
  if (filter.framework)
    q = q.where(controlMapsTo(filter.framework, { tenant: "t.tenant_id", tool: "t.tool", control: "t.control_id" }));
  const rows = await q
    .select((eb) => [
      "t.tool",
      "t.control_id",
      eb.fn.max("t.title").as("title"),
      eb.fn.max("t.severity_rank").as("rank"),
      eb.fn.sum<number>("t.failing").as("failing"),
      eb.fn.sum<number>("t.targets").as("targets"),
    ])
    .groupBy(["t.tool", "t.control_id"])
    .execute();
  return rows.map((r) => ({
    tool: r.tool,
    controlId: r.control_id,
    title: r.title,
    rank: Number(r.rank),
    failing: Number(r.failing),
    targets: Number(r.targets),
  }));
}
