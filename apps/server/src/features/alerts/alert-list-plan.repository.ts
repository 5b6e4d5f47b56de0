import type { AlertListQuery } from "@watchfloor/shared";
import { type Kysely, sql } from "kysely";
import { needsListPlans } from "../../db/dialect";
import type { DB } from "../../db/tables";
import { tacticKey } from "./alerts.repository";

/**
 * How to run a list query on SQLite. Walking the sort index finds a page fast when matches are
 * common, but scans everything when a filter matches few rows (a rare technique, a specific IP).
 * Those filters are counted first (cheap index range counts, capped); when they match at most
 * SELECTIVE rows the query starts from the matches and sorts them instead. Escalated alerts are
 * usually few (those of incidents), so "escalated: Yes" is counted too. Plans must not depend
 * on planner statistics: a database that has none (or only sampled ones) must plan the same.
 */
export interface ListPlan {
  fromMatches: boolean;
}

const SELECTIVE = 5000;

export async function planList(db: Kysely<DB>, tenantIds: readonly string[], q: AlertListQuery, now: number): Promise<ListPlan> {
  if (!needsListPlans(db as Kysely<unknown>) || tenantIds.length === 0) return { fromMatches: false };
  const keys = [...(q.technique ?? []), ...(q.tactic ?? []).map(tacticKey)];
  if (keys.length) {
    const counted = await sql<{
      n: number;
    }>`select count(*) as n from (select 1 from alert_attack where tenant_id in (${sql.join([...tenantIds])}) and attack_key in (${sql.join(keys)}) limit ${SELECTIVE + 1})`.execute(
      db,
    );
    if ((counted.rows[0]?.n ?? 0) <= SELECTIVE) return { fromMatches: true };
  }
  if (q.q && q.q.length >= 3) {
    const phrase = `"${q.q.toLowerCase().replace(/"/g, '""')}"`;
    const counted = await sql<{
      n: number;
    }>`select (select count(*) from (select rowid from alerts_fts where alerts_fts match ${phrase} limit ${SELECTIVE + 1}))
      + (select count(*) from (select rowid from alerts where rowid > (select indexed_rowid from alerts_fts_state where id = 1) limit ${SELECTIVE + 1})) as n`.execute(
      db,
    );
    if ((counted.rows[0]?.n ?? 0) <= SELECTIVE) return { fromMatches: true };
  }
  const exact = exactFilters(q);
  const dueLater = dueLaterFilters(q);
  const escalated = q.escalated?.length === 1 && q.escalated[0] === "Yes";
  if (exact.length || dueLater.length || escalated) {
    // Sorting m matches costs about m row reads; walking the sort index about page * rows / m.
    // They cross at m = sqrt(page * rows): 7,100 at a million alerts (measured: a user with
    // 5,168 alerts took 35 ms walking and 17 ms from its matches). max(rowid) estimates rows.
    const top = await sql<{ n: number | null }>`select max(rowid) as n from alerts`.execute(db);
    const limit = Math.max(SELECTIVE, Math.round(Math.sqrt((q.limit + 1) * (top.rows[0]?.n ?? 0))));
    const conditions = [
      ...exact.map(([values, expression]) => sql`${sql.raw(expression)} in (${sql.join(values)})`),
      ...dueLater.map((column) => sql`${sql.ref(`alerts.${column}`)} >= ${now}`),
      ...(escalated ? [sql.raw(escalatedRange)] : []),
    ];
    for (const condition of conditions) {
      // "+": the condition's index drives the count. Without planner statistics SQLite walked
      // each tenant's alerts through the tenant index instead (825 ms at a million).
      const counted = await sql<{ n: number }>`select count(*) as n from (select 1 from alerts where ${condition}
        and +tenant_id in (${sql.join([...tenantIds])}) limit ${limit + 1})`.execute(db);
      if ((counted.rows[0]?.n ?? 0) <= limit) return { fromMatches: true };
    }
  }
  return { fromMatches: false };
}

/**
 * "Escalated" as a range on the incident index: for these text ids the same as IS NOT NULL, but
 * without statistics SQLite reads IS NOT NULL as matching most rows and scanned the table
 * (560 ms at a million) where it walks the index for a range.
 */
export const escalatedRange = "alerts.incident_id > ''";

/**
 * SLA filters that only match alerts not yet due ("At risk", "On track"): usually few (those
 * detected within the last response window), found on the due-time index. Walking the sort index
 * for them scanned every alert when none was at risk (3.7 s at a million).
 */
function dueLaterFilters(q: AlertListQuery): ("ack_due_at" | "respond_due_at")[] {
  const later = (states: string[] | undefined) =>
    Boolean(states?.length) && (states ?? []).every((s) => s === "At risk" || s === "On track");
  return [...(later(q.ackSla) ? (["ack_due_at"] as const) : []), ...(later(q.respondSla) ? (["respond_due_at"] as const) : [])];
}

/**
 * The exact rule, host and user filters with the expression each is indexed on (migration 0010),
 * so a rare host is found through its index instead of a walk of the whole sort index.
 */
export function exactFilters(q: AlertListQuery): [string[], string][] {
  const filters: [string[] | undefined, string][] = [
    [q.rule, "coalesce(alerts.rule, alerts.name)"],
    [q.host, "coalesce(alerts.hostname, '')"],
    [q.user, "coalesce(alerts.username, '')"],
  ];
  return filters.filter((f): f is [string[], string] => Boolean(f[0]?.length));
}
