import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/tables";

/**
 * MTTA and MTTR (minutes from detection to acknowledgement / resolution) and SLA met shares,
 * grouped by tenant, priority or analyst, over alerts detected in [from, to).
 */
export async function alertStats(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  from: number,
  to: number,
  by: "tenant" | "priority" | "assignee",
) {
  if (tenantIds.length === 0) return [];
  const group =
    by === "tenant"
      ? sql.ref("tenants.name")
      : by === "priority"
        ? sql.ref("alerts.priority")
        : sql`coalesce(alerts.assignee, 'Unassigned')`;
  return db
    .selectFrom("alerts")
    .innerJoin("tenants", "tenants.id", "alerts.tenant_id")
    .select([
      sql<string>`${group}`.as("key"),
      sql<number>`count(*)`.as("alerts"),
      sql<
        number | null
      >`avg(case when alerts.acknowledged_at is not null then (alerts.acknowledged_at - alerts.detected_at) / 60000.0 end)`.as(
        "mtta",
      ),
      sql<
        number | null
      >`avg(case when alerts.resolved_at is not null then (alerts.resolved_at - alerts.detected_at) / 60000.0 end)`.as("mttr"),
      sql<number>`sum(case when alerts.acknowledged_at is not null and alerts.acknowledged_at <= alerts.ack_due_at then 1 else 0 end)`.as(
        "ack_met",
      ),
      sql<number>`sum(case when alerts.acknowledged_at is not null then 1 else 0 end)`.as("acked"),
      sql<number>`sum(case when alerts.responded_at is not null and alerts.responded_at <= alerts.respond_due_at then 1 else 0 end)`.as(
        "respond_met",
      ),
      sql<number>`sum(case when alerts.responded_at is not null then 1 else 0 end)`.as("responded"),
    ])
    .where("alerts.tenant_id", "in", [...tenantIds])
    .where("alerts.detected_at", ">=", from)
    .where("alerts.detected_at", "<", to)
    .groupBy(sql`${group}`)
    .orderBy(sql`${group}`)
    .execute();
}
