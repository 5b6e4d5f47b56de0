import { type AlertListQuery, type AlertSortKey, priorityRank, slaAtRiskShare, type SlaState } from "@watchfloor/shared";
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { DB } from "../../db/tables";
import { needsListPlans, unindexed } from "../../db/dialect";
import type { Cursor, CursorSort } from "../../http/cursor";
import { afterCursor } from "../../db/keyset";
import { invalid } from "../../http/errors";
import { escalatedRange, exactFilters, type ListPlan } from "./alert-list-plan.repository";
import { textMatch } from "./alert-search.repository";
import { tacticKey } from "./alerts.repository";

type Eb = ExpressionBuilder<DB, "alerts">;

type Row = Record<string, unknown>;
const text = (column: string) => ({
  sql: `coalesce(alerts.${column}, '')`,
  type: "string" as const,
  value: (r: Row) => (r[column] as string | null) ?? "",
});
const plain = (column: string, type: "number" | "string") => ({
  sql: `alerts.${column}`,
  type,
  value: (r: Row) => r[column] as string | number,
});
// Due times are never NULL (toAlertRow always sets them), and the plain column's index also
// serves the SLA-state filters' range conditions; a coalesce() index would not (measured: the
// "At risk" filter went from 1 ms to 3.5 s at a million alerts).
const due = (column: string) => plain(column, "number");

/**
 * What each sort key orders by, matching an index of migrations 0002 and 0010: on (expression, id)
 * on PostgreSQL, on the expression alone (the rowid breaks ties) on SQLite since migration 0011.
 * Nullable text sorts as '' on both engines. tenantName orders one tenant's alerts at a time
 * (alert-page.repository.ts), so within a query it is the tenant id.
 */
const sorts: Record<AlertSortKey, { sql: string; type: "number" | "string"; value: (row: Row) => string | number }> = {
  detectedAt: plain("detected_at", "number"),
  priority: plain("priority_rank", "number"),
  status: plain("status", "string"),
  name: plain("name", "string"),
  assignee: text("assignee"),
  updatedAt: plain("updated_at", "number"),
  source: plain("source", "string"),
  ackSla: due("ack_due_at"),
  respondSla: due("respond_due_at"),
  tenantName: plain("tenant_id", "string"),
  detectionSource: text("detection_source"),
  sourceTool: text("source_tool"),
  tactics: plain("tactics", "string"),
  mitreTechniques: plain("mitre_techniques", "string"),
  hostname: text("hostname"),
  username: text("username"),
  srcIp: text("src_ip"),
  clientEnvironment: text("client_environment"),
};

/** SQL for one SLA step being in a given state at `now` (mirrors sla.ts slaState). */
function slaCondition(
  eb: Eb,
  state: SlaState,
  due: "ack_due_at" | "respond_due_at",
  done: "acknowledged_at" | "responded_at",
  now: number,
) {
  const atRisk = sql<number>`alerts.detected_at + (alerts.${sql.ref(due)} - alerts.detected_at) * ${sql.lit(slaAtRiskShare)}`;
  switch (state) {
    case "Met":
      return eb.and([eb(done, "is not", null), eb(done, "<=", eb.ref(due))]);
    case "Missed":
      return eb.or([eb(done, ">", eb.ref(due)), eb.and([eb(done, "is", null), eb(due, "<", now)])]);
    case "At risk":
      return eb.and([eb(done, "is", null), eb(due, ">=", now), eb(atRisk, "<=", now)]);
    case "On track":
      // due >= now follows from the at-risk point being later (it precedes the due time); said
      // outright so the due-time index can find these alerts (alert-list-plan.repository.ts).
      return eb.and([eb(done, "is", null), eb(due, ">=", now), eb(atRisk, ">", now)]);
  }
}

type FilterColumn =
  | "tenant_id"
  | "status"
  | "priority_rank"
  | "assignee"
  | "detection_source"
  | "source_tool"
  | "client_environment"
  | "incident_id";

/**
 * A filter column the planner should not pick an index for. Lists walk the sort index and stop
 * after a page; on SQLite an index on a low-cardinality filter column (status, priority, tenant)
 * would instead collect every match and sort them. SQLite's unary "+" keeps the column out of
 * index selection; PostgreSQL's planner weighs the LIMIT itself.
 */
function filterColumn(db: Kysely<DB>, column: FilterColumn) {
  return unindexed(db as Kysely<unknown>, "alerts", column);
}

/** Applies every filter of the list query; tenant scope first, always. */
export function filteredAlerts(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  q: AlertListQuery,
  now: number,
  plan: ListPlan = { fromMatches: false },
) {
  const tenants = q.tenant?.length ? tenantIds.filter((t) => q.tenant?.includes(t)) : [...tenantIds];
  const col = (column: FilterColumn) => filterColumn(db, column);
  let query = db.selectFrom("alerts").where(col("tenant_id"), "in", tenants.length ? tenants : ["-"]);
  if (q.view === "open") query = query.where(col("status"), "in", ["Open", "Acknowledged", "In Progress"]);
  if (q.view === "closed") query = query.where(col("status"), "in", ["Resolved", "Closed"]);
  if (q.status?.length) query = query.where(col("status"), "in", q.status);
  if (q.priority?.length)
    query = query.where(
      col("priority_rank"),
      "in",
      q.priority.map((p) => priorityRank[p]),
    );
  if (q.assignee?.length) {
    const names = q.assignee.filter((a) => a !== "unassigned");
    query = query.where((eb) =>
      eb.or([
        ...(names.length ? [eb(col("assignee"), "in", names)] : []),
        ...(q.assignee?.includes("unassigned") ? [eb("alerts.assignee", "is", null)] : []),
      ]),
    );
  }
  if (q.detectionSource?.length) query = query.where(col("detection_source"), "in", q.detectionSource);
  if (q.sourceTool?.length) query = query.where(col("source_tool"), "in", q.sourceTool);
  if (q.environment?.length) query = query.where(col("client_environment"), "in", q.environment);
  if (q.resolution?.length) query = query.where("alerts.resolution_type", "in", q.resolution);
  // Both values selected means every alert: no condition.
  // Indexable only when the plan starts from the matches (see filterColumn for the "+").
  const indexable = plan.fromMatches || !needsListPlans(db as Kysely<unknown>);
  for (const [values, expression] of exactFilters(q))
    query = query.where(sql<string>`${sql.raw(indexable ? expression : `+${expression}`)}`, "in", values);
  // "Yes" from its matches (the incident index), else pinned to the walk: "No" matches nearly
  // every alert, and without statistics SQLite read all of them through the incident index and
  // sorted them (1.1 s at a million); "Yes" with no escalated alerts walked the whole sort index (7 s).
  if (q.escalated?.length === 1) {
    if (q.escalated[0] === "No") query = query.where(col("incident_id"), "is", null);
    else if (indexable) query = query.where(sql<boolean>`${sql.raw(escalatedRange)}`);
    else query = query.where(col("incident_id"), "is not", null);
  }
  if (q.from) query = query.where("alerts.detected_at", ">=", Date.parse(q.from));
  if (q.to) query = query.where("alerts.detected_at", "<", Date.parse(q.to));
  // Few matches: collect them (IN). Many: one primary-key probe per row walked (EXISTS), so a
  // common tactic never materialises hundreds of thousands of ids before the page is cut.
  const tenantList = tenants.length ? tenants : ["-"];
  const attack = (keys: string[]) =>
    plan.fromMatches
      ? query.where("alerts.id", "in", (eb: ExpressionBuilder<DB, "alerts">) =>
          eb
            .selectFrom("alert_attack")
            .select("alert_attack.alert_id")
            .where("alert_attack.tenant_id", "in", tenantList)
            .where("alert_attack.attack_key", "in", keys),
        )
      : query.where(({ exists, selectFrom }) =>
          exists(
            selectFrom("alert_attack")
              .select(sql`1`.as("one"))
              .whereRef("alert_attack.tenant_id", "=", "alerts.tenant_id")
              .where("alert_attack.attack_key", "in", keys)
              .whereRef("alert_attack.alert_id", "=", "alerts.id"),
          ),
        );
  if (q.technique?.length) query = attack(q.technique);
  if (q.tactic?.length) query = attack(q.tactic.map(tacticKey));
  if (q.ackSla?.length) {
    const states = q.ackSla;
    query = query.where((eb) => eb.or(states.map((s) => slaCondition(eb, s, "ack_due_at", "acknowledged_at", now))));
  }
  if (q.respondSla?.length) {
    const states = q.respondSla;
    query = query.where((eb) => eb.or(states.map((s) => slaCondition(eb, s, "respond_due_at", "responded_at", now))));
  }
  if (q.q) query = query.where(textMatch(db, q.q.toLowerCase()));
  return query;
}

/** What an alert-list cursor continues (cursorValue gives numbers for these sorts, text for the rest). */
export const alertCursorSort = (q: Pick<AlertListQuery, "sort" | "dir">): CursorSort => ({
  sort: q.sort,
  dir: q.dir,
  type: sorts[q.sort].type,
  nullable: false,
});

/**
 * Sorts on (column, tie-breaker) and continues after the cursor: stable pages at any depth. The
 * tie-breaker is SQLite's rowid, which its sort indexes carry on their own (migration 0011: an
 * index on (column, id) stored each id twice and cost ingestion ~40 µs an alert), and the id on
 * PostgreSQL. With `fromMatches` the sort column is wrapped in "+" so SQLite sorts the few
 * matches rather than walking the sort index.
 */
export function sortedPage<O>(
  query: SelectQueryBuilder<DB, "alerts", O>,
  q: AlertListQuery,
  cursor: Cursor | undefined,
  plan: ListPlan = { fromMatches: false },
  sqlite = false,
) {
  const base = sorts[q.sort].sql;
  const column = sql.raw(plan.fromMatches ? `+${base}` : base);
  const dir = q.dir;
  const tieBreak = sqlite ? "alerts.rowid" : "alerts.id";
  let page = query;
  if (cursor) {
    // A cursor issued before migration 0011 carries no rowid: refused, so the client reloads the first page.
    if (sqlite && cursor.seq === undefined) throw invalid("cursor", "is not a cursor this API issued");
    page = page.where(
      afterCursor(column, { column: tieBreak, value: sqlite ? (cursor.seq as number) : cursor.id }, dir, cursor.v),
    );
  }
  return page
    .orderBy(sql`${column}`, dir)
    .orderBy(sql.ref(tieBreak), dir)
    .limit(q.limit + 1);
}

export const cursorValue = (row: Row, sort: AlertSortKey): string | number => sorts[sort].value(row);
