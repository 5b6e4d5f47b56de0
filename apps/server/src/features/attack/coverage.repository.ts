import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/tables";
import { incidentReference } from "../incidents/incident-reference";

type Window = { tenantIds: readonly string[]; from: number; to: number };

/** Alerts per technique id and per "tactic:<name>" key, for alerts detected in [from, to). */
export async function attackCounts(db: Kysely<DB>, { tenantIds, from, to }: Window) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("alert_attack")
    .innerJoin("alerts", "alerts.id", "alert_attack.alert_id")
    .select(["alert_attack.attack_key as key", sql<number>`count(*)`.as("alerts")])
    .where("alert_attack.tenant_id", "in", [...tenantIds])
    .where("alerts.detected_at", ">=", from)
    .where("alerts.detected_at", "<", to)
    .groupBy("alert_attack.attack_key")
    .execute();
}

/** The incidents holding alerts of each technique in the window, by technique id, with references. */
export async function incidentsByTechnique(db: Kysely<DB>, { tenantIds, from, to }: Window) {
  const byKey = new Map<string, { id: string; reference: string }[]>();
  if (tenantIds.length === 0) return byKey;
  const rows = await db
    .selectFrom("alert_attack")
    .innerJoin("alerts", "alerts.id", "alert_attack.alert_id")
    .innerJoin("incidents", "incidents.id", "alerts.incident_id")
    .innerJoin("tenants", "tenants.id", "incidents.tenant_id")
    .select(["alert_attack.attack_key as key", "incidents.id", "incidents.number", "tenants.slug"])
    .where("alert_attack.tenant_id", "in", [...tenantIds])
    .where("alerts.detected_at", ">=", from)
    .where("alerts.detected_at", "<", to)
    .groupBy(["alert_attack.attack_key", "incidents.id", "incidents.number", "tenants.slug"])
    .execute();
  for (const r of rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), { id: r.id, reference: incidentReference(r.slug, r.number) }]);
  return byKey;
}
