import type { AlertListQuery } from "@watchfloor/shared";
import { type Kysely, sql } from "kysely";
import { needsListPlans } from "../../db/dialect";
import type { Cursor } from "../../http/cursor";
import type { DB } from "../../db/tables";
import { filteredAlerts, sortedPage } from "./alert-list.repository";
import type { ListPlan } from "./alert-list-plan.repository";
import { summaryColumns } from "./alert-view";

// Only what a list row shows: a page that sorts its matches then sorts narrow rows, not raw
// payloads. `seq` is the tie-breaker the next cursor carries on SQLite (its rowid).
const listed = (db: Kysely<DB>, tenantIds: readonly string[], q: AlertListQuery, now: number, plan: ListPlan, sqlite: boolean) =>
  filteredAlerts(db, tenantIds, q, now, plan)
    // On SQLite "+" keeps the join from driving the query through the tenant index, which would
    // sort every alert of each tenant instead of walking the sort index (1.6 s at a million).
    .innerJoin("tenants", (join) => join.on(sql`tenants.id`, "=", sqlite ? sql`+alerts.tenant_id` : sql`alerts.tenant_id`))
    .select(summaryColumns.map((c) => `alerts.${c}` as const))
    .select("tenants.name as tenant_name")
    .select(sqlite ? sql<number | null>`alerts.rowid`.as("seq") : sql<number | null>`null`.as("seq"));

/**
 * One keyset page of the alert list (limit + 1 rows, so the caller knows whether more follow),
 * for the list and the CSV export alike.
 */
export async function alertPage(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  q: AlertListQuery,
  now: number,
  cursor: Cursor | undefined,
  plan?: ListPlan,
) {
  const sqlite = needsListPlans(db as Kysely<unknown>);
  if (q.sort !== "tenantName")
    return sortedPage(listed(db, tenantIds, q, now, plan ?? { fromMatches: false }, sqlite), q, cursor, plan, sqlite).execute();
  return pageByTenant(db, tenantIds, q, now, cursor, sqlite, plan);
}

/**
 * Sorted by tenant name: tenants in name order (id breaks ties), each tenant's alerts in the
 * list's tie-break order, one query per tenant until the page is full. Each query names its
 * tenant, so SQLite walks the tenant_id index from that tenant's first alert. The cursor holds
 * the tenant id.
 */
async function pageByTenant(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  q: AlertListQuery,
  now: number,
  cursor: Cursor | undefined,
  sqlite: boolean,
  plan?: ListPlan,
) {
  const wanted = q.tenant?.length ? tenantIds.filter((t) => q.tenant?.includes(t)) : [...tenantIds];
  if (!wanted.length) return [];
  const tenants = await db
    .selectFrom("tenants")
    .select(["id", "name"])
    .where("id", "in", wanted)
    .orderBy("name")
    .orderBy("id")
    .execute();
  const order = q.dir === "asc" ? tenants : tenants.reverse();
  const from = cursor ? order.findIndex((t) => t.id === cursor.v) : 0;
  // A cursor whose tenant has left the list (scope or filter changed) has nothing after it.
  if (from < 0) return [];
  const rows: Awaited<ReturnType<ReturnType<typeof listed>["execute"]>> = [];
  for (const tenant of order.slice(from)) {
    const left = q.limit + 1 - rows.length;
    if (left <= 0) break;
    const base = listed(db, [tenant.id], q, now, plan ?? { fromMatches: false }, sqlite).where(
      "alerts.tenant_id",
      "=",
      tenant.id,
    );
    const resume = cursor && cursor.v === tenant.id ? cursor : undefined;
    rows.push(...(await sortedPage(base, { ...q, limit: left - 1 }, resume, plan, sqlite).execute()));
  }
  return rows;
}
