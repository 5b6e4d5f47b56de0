import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/tables";

/**
 * Alert activity per compliance requirement (migration 0034): the tags alerts carried since
 * `since`, in the tenants in scope. The link table's key leads with tenant, framework and time,
 * so each read is a range per tenant.
 */
export async function alertTagCounts(db: Kysely<DB>, tenantIds: readonly string[], since: number, framework: string) {
  if (tenantIds.length === 0) return [];
  const rows = await db
    .selectFrom("alert_compliance")
    .select(["requirement", sql<number>`count(distinct alert_id)`.as("alerts"), sql<number>`max(detected_at)`.as("last_at")])
    .where("tenant_id", "in", [...tenantIds])
    .where("framework", "=", framework)
    .where("detected_at", ">=", since)
    .groupBy("requirement")
    .execute();
  return rows.map((r) => ({ requirement: r.requirement, alerts: Number(r.alerts), lastAt: Number(r.last_at) }));
}

/** Distinct alerts per framework tagged since `since`. */
export async function alertFrameworkCounts(db: Kysely<DB>, tenantIds: readonly string[], since: number) {
  if (tenantIds.length === 0) return [];
  const rows = await db
    .selectFrom("alert_compliance")
    .select(["framework", sql<number>`count(distinct alert_id)`.as("alerts")])
    .where("tenant_id", "in", [...tenantIds])
    .where("detected_at", ">=", since)
    .groupBy("framework")
    .execute();
  return rows.map((r) => ({ framework: r.framework, alerts: Number(r.alerts) }));
}
