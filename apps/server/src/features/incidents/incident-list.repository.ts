import { type IncidentListQuery, type IncidentSortKey, priorityRank } from "@watchfloor/shared";
import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../../db/tables";
import type { Cursor, CursorSort } from "../../http/cursor";
import { afterCursor } from "../../db/keyset";
import { parseIncidentReference } from "@watchfloor/shared";
import { tacticKey } from "../alerts/alerts.repository";
import { incidentsWithNames } from "./incidents.repository";
import { containsPattern } from "../../db/like";

type Db = Kysely<DB> | Transaction<DB>;

const OPEN = ["Open", "Acknowledged", "In Progress"];
const CLOSED = ["Resolved", "Closed"];

/**
 * The SQL each sort key orders on. None is NULL: an incident without an owner sorts as "" (the
 * databases put NULLs at opposite ends), priority on its rank (the column holds the name), the
 * alert count through alerts_incident_idx. Incidents number thousands per tenant, not millions,
 * so sorts other than the created date need no index of their own.
 */
const sortSql: Record<IncidentSortKey, string> = {
  createdAt: "incidents.created_at",
  updatedAt: "incidents.updated_at",
  priority: `(case incidents.priority ${Object.entries(priorityRank)
    .map(([name, rank]) => `when '${name}' then ${rank}`)
    .join(" ")} else 0 end)`,
  status: "incidents.status",
  title: "incidents.title",
  owner: "coalesce(users.display_name, '')",
  tenant: "tenants.name",
  alertCount: "(select count(*) from alerts where alerts.incident_id = incidents.id)",
};

const numericSorts: ReadonlySet<IncidentSortKey> = new Set(["createdAt", "updatedAt", "priority", "alertCount"]);

/** What an incident-list cursor continues (decoded and encoded by the alert list's cursor functions). */
export const incidentCursorSort = (q: Pick<IncidentListQuery, "sort" | "dir">): CursorSort => ({
  sort: q.sort,
  dir: q.dir,
  type: numericSorts.has(q.sort) ? "number" : "string",
  nullable: false,
});

/** Title substring, case-insensitive for ASCII on both databases (SQLite's lower() folds ASCII only), or the incident a reference names. */
function textMatch(text: string) {
  const like = containsPattern(text);
  const reference = parseIncidentReference(text);
  const title = sql<boolean>`lower(incidents.title) like ${like} escape '\\'`;
  if (!reference) return title;
  const slug = reference.slug ? sql` and tenants.slug = ${reference.slug}` : sql``;
  return sql<boolean>`(${title} or (incidents.number = ${reference.number}${slug}))`;
}

/** Every filter of the list query; the caller's tenant scope first, always. */
export function filteredIncidents(db: Db, tenantIds: readonly string[], q: IncidentListQuery) {
  const tenants = q.tenant?.length ? tenantIds.filter((t) => q.tenant?.includes(t)) : [...tenantIds];
  let query = incidentsWithNames(db).where("incidents.tenant_id", "in", tenants.length ? tenants : ["-"]);
  if (q.view === "open") query = query.where("incidents.status", "in", OPEN);
  if (q.view === "closed") query = query.where("incidents.status", "in", CLOSED);
  if (q.status?.length) query = query.where("incidents.status", "in", q.status);
  if (q.priority?.length) query = query.where("incidents.priority", "in", q.priority);
  const owners = q.owner ?? [];
  if (owners.length) {
    const names = owners.filter((o) => o !== "unassigned");
    query = query.where((eb) =>
      eb.or([
        ...(names.length ? [eb("users.display_name", "in", names)] : []),
        ...(owners.includes("unassigned") ? [eb("incidents.owner_user_id", "is", null)] : []),
      ]),
    );
  }
  // An incident matches a tactic or technique when one of its alerts carries it.
  const attack = (keys: string[]) =>
    query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("alerts")
          .innerJoin("alert_attack", (join) =>
            join.onRef("alert_attack.alert_id", "=", "alerts.id").onRef("alert_attack.tenant_id", "=", "alerts.tenant_id"),
          )
          .select(sql`1`.as("one"))
          .whereRef("alerts.incident_id", "=", "incidents.id")
          .where("alert_attack.attack_key", "in", keys),
      ),
    );
  if (q.technique?.length) query = attack(q.technique);
  if (q.tactic?.length) query = attack(q.tactic.map(tacticKey));
  if (q.from) query = query.where("incidents.created_at", ">=", Date.parse(q.from));
  if (q.to) query = query.where("incidents.created_at", "<", Date.parse(q.to));
  if (q.q) query = query.where(textMatch(q.q));
  return query;
}

/**
 * One page sorted on (sort column, id), continuing after the cursor: stable pages at any depth.
 * Rows carry `sort_value`, the value the next cursor holds.
 */
export function incidentPage(db: Db, tenantIds: readonly string[], q: IncidentListQuery, cursor: Cursor | undefined) {
  const column = sql.raw(sortSql[q.sort]);
  let query = filteredIncidents(db, tenantIds, q).select(sql<string | number>`${column}`.as("sort_value"));
  if (cursor) query = query.where(afterCursor(column, { column: "incidents.id", value: cursor.id }, q.dir, cursor.v));
  return query
    .orderBy(sql`${column}`, q.dir)
    .orderBy("incidents.id", q.dir)
    .limit(q.limit + 1)
    .execute();
}
