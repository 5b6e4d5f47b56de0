import { type Kysely, sql } from "kysely";
import { unindexed } from "../../db/dialect";
import type { DB } from "../../db/tables";
import { alertTenantIn, inRanges } from "../rollups/rollup-read.repository";

/**
 * The overview's figures counted directly from the alerts detected in a set of [from, to)
 * ranges. They define every figure; the rollups (features/rollups) hold the same counts for
 * whole quarter hours, and these queries count the partial quarter hours at a window's edges
 * (and serve as the reference the rollup tests compare against). Sums and counts come back
 * rather than averages so tenants and ranges combine exactly. PostgreSQL returns bigint sums as
 * strings: callers convert with Number().
 */

type Num = number | string | null;
type Ranges = readonly [number, number][];

const open = sql<boolean>`alerts.status in ('Open', 'Acknowledged', 'In Progress')`;
const closed = sql<boolean>`alerts.status in ('Resolved', 'Closed')`;

/** The list's SLA states (alert-list.repository.ts slaCondition) as of `now`, as 0/1 sums. */
const met = (done: string, due: string) =>
  sql<Num>`sum(case when alerts.${sql.ref(done)} is not null and alerts.${sql.ref(done)} <= alerts.${sql.ref(due)} then 1 else 0 end)`;
const missed = (done: string, due: string, now: number) =>
  sql<Num>`sum(case when alerts.${sql.ref(done)} > alerts.${sql.ref(due)} or (alerts.${sql.ref(done)} is null and alerts.${sql.ref(due)} < ${sql.lit(now)}) then 1 else 0 end)`;
const count = (condition: ReturnType<typeof sql>) => sql<Num>`sum(case when ${condition} then 1 else 0 end)`;

export interface TenantTotalsRow {
  tenant_id: string;
  alerts: Num;
  crit: Num;
  high: Num;
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

const priorities = [
  ["Critical", "critical"],
  ["High", "high"],
  ["Medium", "medium"],
  ["Low", "low"],
] as const;

/** The per-priority figures and the service report's counts (rollup columns of migration 0035). */
function serviceFigures(now: number) {
  const isMissed = (done: string, due: string) =>
    sql`(alerts.${sql.ref(done)} > alerts.${sql.ref(due)} or (alerts.${sql.ref(done)} is null and alerts.${sql.ref(due)} < ${sql.lit(now)}))`;
  const perPriority = priorities.flatMap(([priority, key]) => {
    const is = sql`alerts.priority = ${sql.lit(priority)}`;
    const within = (c: ReturnType<typeof sql>) => count(sql`${is} and ${c}`);
    return [
      within(sql`alerts.acknowledged_at is not null and alerts.acknowledged_at <= alerts.ack_due_at`).as(`ack_met_${key}`),
      within(isMissed("acknowledged_at", "ack_due_at")).as(`ack_missed_${key}`),
      within(sql`alerts.responded_at is not null and alerts.responded_at <= alerts.respond_due_at`).as(`respond_met_${key}`),
      within(isMissed("responded_at", "respond_due_at")).as(`respond_missed_${key}`),
      sql<Num>`sum(case when ${is} then alerts.acknowledged_at - alerts.detected_at end)`.as(`mtta_sum_${key}`),
      within(sql`alerts.acknowledged_at is not null`).as(`mtta_n_${key}`),
      sql<Num>`sum(case when ${is} then alerts.resolved_at - alerts.detected_at end)`.as(`mttr_sum_${key}`),
      within(sql`alerts.resolved_at is not null`).as(`mttr_n_${key}`),
    ];
  });
  return [
    count(sql`alerts.priority = 'Medium'`).as("alerts_medium"),
    count(sql`alerts.priority = 'Low'`).as("alerts_low"),
    ...perPriority,
    count(sql`${isMissed("acknowledged_at", "ack_due_at")} and ${isMissed("responded_at", "respond_due_at")}`).as("both_missed"),
    count(sql`${closed} and alerts.resolution_type = 'Manual'`).as("resolved_manual"),
    count(sql`${closed} and alerts.incident_id is null`).as("closed_unescalated"),
  ];
}

/** Every summed figure per tenant over the ranges, one grouped scan. */
export async function rangeTotals(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  ranges: Ranges,
  now: number,
): Promise<TenantTotalsRow[]> {
  if (tenantIds.length === 0 || ranges.length === 0) return [];
  return db
    .selectFrom("alerts")
    .select([
      "alerts.tenant_id",
      sql<Num>`count(*)`.as("alerts"),
      count(sql`alerts.priority = 'Critical'`).as("crit"),
      count(sql`alerts.priority = 'High'`).as("high"),
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
      ...serviceFigures(now),
    ])
    .where(inRanges(ranges))
    .where(alertTenantIn(db, tenantIds))
    .groupBy("alerts.tenant_id")
    .execute();
}

/** Alerts per bucket of `bucket` ms counted from `from` (integer division on both engines). */
export async function rangeOverTime(db: Kysely<DB>, tenantIds: readonly string[], ranges: Ranges, from: number, bucket: number) {
  if (tenantIds.length === 0 || ranges.length === 0) return [];
  const index = sql<Num>`(alerts.detected_at - ${sql.lit(from)}) / ${sql.lit(bucket)}`;
  return db
    .selectFrom("alerts")
    .select([
      index.as("bucket"),
      sql<Num>`count(*)`.as("total"),
      count(sql`alerts.priority = 'Critical'`).as("critical"),
      count(sql`alerts.priority = 'High'`).as("high"),
    ])
    .where(inRanges(ranges))
    .where(alertTenantIn(db, tenantIds))
    .groupBy(index)
    .execute();
}

export type RankedColumn = "rule" | "host" | "user" | "assignee" | "source";

/**
 * Counts per value of one ranked column, most frequent first then by value. Rules fall back to
 * the alert name (many sources send no rule), matching the list's text search, which covers
 * both. Workload counts open alerts only and keeps the unassigned ones (as "").
 */
export async function rangeRanked(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  ranges: Ranges,
  column: RankedColumn,
  limit?: number,
) {
  if (tenantIds.length === 0 || ranges.length === 0) return [];
  const value =
    column === "rule"
      ? sql<string>`coalesce(alerts.rule, alerts.name)`
      : column === "assignee"
        ? sql<string>`coalesce(alerts.assignee, '')`
        : column === "source"
          ? sql<string>`coalesce(alerts.detection_source, '')`
          : sql<string>`alerts.${sql.ref(column === "host" ? "hostname" : "username")}`;
  let query = db
    .selectFrom("alerts")
    .select([value.as("key"), sql<Num>`count(*)`.as("n")])
    .where(inRanges(ranges))
    .where(alertTenantIn(db, tenantIds));
  if (column === "host") query = query.where("alerts.hostname", "is not", null).where("alerts.hostname", "!=", "");
  if (column === "user") query = query.where("alerts.username", "is not", null).where("alerts.username", "!=", "");
  // The status index would walk every open alert of every time instead of the ranges.
  if (column === "assignee")
    query = query.where(sql<boolean>`${unindexed(db as never, "alerts", "status")} in ('Open', 'Acknowledged', 'In Progress')`);
  query = query.groupBy(value).orderBy(sql`count(*)`, "desc").orderBy(value);
  return (limit === undefined ? query : query.limit(limit)).execute();
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
