import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/tables";

/**
 * Aggregates for the security overview. Every query starts from the detected_at range (the
 * alerts_detected_idx index) and the scope's tenants, and groups in the database: a handful of
 * grouped scans instead of one query per figure. Sums and counts come back rather than averages
 * so the service can combine tenants exactly. PostgreSQL returns bigint sums as strings: callers
 * convert with Number().
 */

type Num = number | string | null;

const open = sql<boolean>`alerts.status in ('Open', 'Acknowledged', 'In Progress')`;
const closed = sql<boolean>`alerts.status in ('Resolved', 'Closed')`;

/** The list's SLA states (alert-list.repository.ts slaCondition) as of `now`, as 0/1 sums. */
const met = (done: string, due: string) =>
  sql<Num>`sum(case when alerts.${sql.ref(done)} is not null and alerts.${sql.ref(done)} <= alerts.${sql.ref(due)} then 1 else 0 end)`;
const missed = (done: string, due: string, now: number) =>
  sql<Num>`sum(case when alerts.${sql.ref(done)} > alerts.${sql.ref(due)} or (alerts.${sql.ref(done)} is null and alerts.${sql.ref(due)} < ${sql.lit(now)}) then 1 else 0 end)`;

export interface PeriodTenantRow {
  tenant_id: string;
  current: Num;
  alerts: Num;
  open: Num;
  open_critical: Num;
  open_high: Num;
  open_medium: Num;
  open_low: Num;
  mtta_sum: Num;
  mtta_n: Num;
  mttr_sum: Num;
  mttr_n: Num;
  ack_met: Num;
  ack_missed: Num;
  respond_met: Num;
  respond_missed: Num;
  escalated: Num;
  resolved: Num;
  resolved_auto: Num;
  breached: Num;
}

/**
 * One scan over [previousFrom, to): figures per tenant for the current period (current = 1) and
 * the previous one (current = 0), which the trends and the per-tenant table both need.
 */
export async function periodTotals(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  previousFrom: number,
  from: number,
  to: number,
  now: number,
): Promise<PeriodTenantRow[]> {
  if (tenantIds.length === 0) return [];
  const current = sql<number>`case when alerts.detected_at >= ${sql.lit(from)} then 1 else 0 end`;
  const count = (condition: ReturnType<typeof sql>) => sql<Num>`sum(case when ${condition} then 1 else 0 end)`;
  return db
    .selectFrom("alerts")
    .select([
      "alerts.tenant_id",
      current.as("current"),
      sql<Num>`count(*)`.as("alerts"),
      count(open).as("open"),
      count(sql`${open} and alerts.priority = 'Critical'`).as("open_critical"),
      count(sql`${open} and alerts.priority = 'High'`).as("open_high"),
      count(sql`${open} and alerts.priority = 'Medium'`).as("open_medium"),
      count(sql`${open} and alerts.priority = 'Low'`).as("open_low"),
      sql<Num>`sum(alerts.acknowledged_at - alerts.detected_at)`.as("mtta_sum"),
      sql<Num>`count(alerts.acknowledged_at)`.as("mtta_n"),
      sql<Num>`sum(alerts.resolved_at - alerts.detected_at)`.as("mttr_sum"),
      sql<Num>`count(alerts.resolved_at)`.as("mttr_n"),
      met("acknowledged_at", "ack_due_at").as("ack_met"),
      missed("acknowledged_at", "ack_due_at", now).as("ack_missed"),
      met("responded_at", "respond_due_at").as("respond_met"),
      missed("responded_at", "respond_due_at", now).as("respond_missed"),
      count(sql`alerts.incident_id is not null`).as("escalated"),
      count(closed).as("resolved"),
      count(sql`${closed} and alerts.resolution_type = 'Automated'`).as("resolved_auto"),
      count(
        sql`${open} and (alerts.responded_at > alerts.respond_due_at or (alerts.responded_at is null and alerts.respond_due_at < ${sql.lit(now)}))`,
      ).as("breached"),
    ])
    .where("alerts.detected_at", ">=", previousFrom)
    .where("alerts.detected_at", "<", to)
    .where("alerts.tenant_id", "in", [...tenantIds])
    .groupBy(["alerts.tenant_id", current])
    .execute();
}

/** Alerts per hour or day bucket counted from `from`; `bucket` is the bucket length in ms. */
export async function alertsOverTime(db: Kysely<DB>, tenantIds: readonly string[], from: number, to: number, bucket: number) {
  if (tenantIds.length === 0) return [];
  // Integer division on both engines (bigint / integer in PostgreSQL, integer / integer in SQLite).
  const index = sql<Num>`(alerts.detected_at - ${sql.lit(from)}) / ${sql.lit(bucket)}`;
  return db
    .selectFrom("alerts")
    .select([
      index.as("bucket"),
      sql<Num>`count(*)`.as("total"),
      sql<Num>`sum(case when alerts.priority = 'Critical' then 1 else 0 end)`.as("critical"),
      sql<Num>`sum(case when alerts.priority = 'High' then 1 else 0 end)`.as("high"),
    ])
    .where("alerts.detected_at", ">=", from)
    .where("alerts.detected_at", "<", to)
    .where("alerts.tenant_id", "in", [...tenantIds])
    .groupBy(index)
    .execute();
}

export type RankedColumn = "rule" | "hostname" | "username" | "assignee";

/**
 * The most frequent values of one column over the range. Rules fall back to the alert name (many
 * sources send no rule), matching the list's text search, which covers both. Workload counts open
 * alerts only and keeps the unassigned ones (as "").
 */
export async function topValues(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  from: number,
  to: number,
  column: RankedColumn,
  limit: number,
) {
  if (tenantIds.length === 0) return [];
  const value =
    column === "rule"
      ? sql<string>`coalesce(alerts.rule, alerts.name)`
      : column === "assignee"
        ? sql<string>`coalesce(alerts.assignee, '')`
        : sql<string>`alerts.${sql.ref(column)}`;
  let query = db
    .selectFrom("alerts")
    .select([value.as("key"), sql<Num>`count(*)`.as("n")])
    .where("alerts.detected_at", ">=", from)
    .where("alerts.detected_at", "<", to)
    .where("alerts.tenant_id", "in", [...tenantIds]);
  if (column === "hostname" || column === "username")
    query = query.where(`alerts.${column}`, "is not", null).where(`alerts.${column}`, "!=", "");
  if (column === "assignee") query = query.where(open);
  return query.groupBy(value).orderBy(sql`count(*)`, "desc").orderBy(value).limit(limit).execute();
}

/** Techniques (not tactics) of the alerts in range, most frequent first. */
export async function topTechniques(db: Kysely<DB>, tenantIds: readonly string[], from: number, to: number, limit: number) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("alerts")
    .innerJoin("alert_attack", (join) =>
      join.onRef("alert_attack.alert_id", "=", "alerts.id").onRef("alert_attack.tenant_id", "=", "alerts.tenant_id"),
    )
    .select(["alert_attack.attack_key as key", sql<Num>`count(*)`.as("n")])
    .where("alerts.detected_at", ">=", from)
    .where("alerts.detected_at", "<", to)
    .where("alerts.tenant_id", "in", [...tenantIds])
    .where("alert_attack.attack_key", "not like", "tactic:%")
    .groupBy("alert_attack.attack_key")
    .orderBy(sql`count(*)`, "desc")
    .orderBy("alert_attack.attack_key")
    .limit(limit)
    .execute();
}

/** Alerts detected in [from, to), for the fixed "new in the last 24 hours" figure. */
export async function countDetected(db: Kysely<DB>, tenantIds: readonly string[], from: number, to: number): Promise<number> {
  if (tenantIds.length === 0) return 0;
  const row = await db
    .selectFrom("alerts")
    .select(sql<Num>`count(*)`.as("n"))
    .where("alerts.detected_at", ">=", from)
    .where("alerts.detected_at", "<", to)
    .where("alerts.tenant_id", "in", [...tenantIds])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function tenantNames(db: Kysely<DB>, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom("tenants")
    .select(["id", "name"])
    .where("id", "in", [...tenantIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
