import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/tables";

/**
 * Alerts per technique id and per tactic, and the incidents that hold them, for alerts detected
 * in [from, to) in the given tenants.
 */
export async function attackCoverage(db: Kysely<DB>, tenantIds: readonly string[], from: number, to: number) {
  if (tenantIds.length === 0) return { counts: [], incidents: [] };
  const tenants = [...tenantIds];
  const counts = await db
    .selectFrom("alert_attack")
    .innerJoin("alerts", "alerts.id", "alert_attack.alert_id")
    .select(["alert_attack.attack_key as key", sql<number>`count(*)`.as("alerts")])
    .where("alert_attack.tenant_id", "in", tenants)
    .where("alerts.detected_at", ">=", from)
    .where("alerts.detected_at", "<", to)
    .groupBy("alert_attack.attack_key")
    .execute();
  const incidents = await db
    .selectFrom("alert_attack")
    .innerJoin("alerts", "alerts.id", "alert_attack.alert_id")
    .innerJoin("incidents", "incidents.id", "alerts.incident_id")
    .innerJoin("tenants", "tenants.id", "incidents.tenant_id")
    .select(["alert_attack.attack_key as key", "incidents.id", "incidents.number", "tenants.slug"])
    .where("alert_attack.tenant_id", "in", tenants)
    .where("alerts.detected_at", ">=", from)
    .where("alerts.detected_at", "<", to)
    .groupBy(["alert_attack.attack_key", "incidents.id", "incidents.number", "tenants.slug"])
    .execute();
  return { counts, incidents };
}
