import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/tables";

/**
 * Per technique in [from, to): alert count, latest detection and the tactics its alerts carry,
 * for the matrix timeline. One grouped query over the ATT&CK link table.
 */
export async function techniqueActivity(db: Kysely<DB>, tenantIds: readonly string[], from: number, to: number) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("alert_attack as t")
    .innerJoin("alerts", "alerts.id", "t.alert_id")
    .select(["t.attack_key as technique", sql<number>`count(*)`.as("alerts"), sql<number>`max(alerts.detected_at)`.as("latest"), sql<string>`min(alerts.tactics)`.as("tactics")])
    .where("t.tenant_id", "in", [...tenantIds])
    .where("t.attack_key", "not like", "tactic:%")
    .where("alerts.detected_at", ">=", from)
    .where("alerts.detected_at", "<", to)
    .groupBy("t.attack_key")
    .execute();
}

/** Catalogue names and tactics for technique ids (current entries preferred). */
export async function catalogueEntries(db: Kysely<DB>, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom("attack_techniques")
    .select(["technique_id", "name", "tactics", "revoked", "deprecated"])
    .where("technique_id", "in", ids)
    .where("domain", "=", "enterprise-attack")
    .orderBy("revoked", "desc")
    .orderBy("deprecated", "desc")
    .execute();
}
