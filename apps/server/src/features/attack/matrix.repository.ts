import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/tables";
import { alertTenantIn, attackBranches, inRanges } from "../rollups/rollup-read.repository";
import type { WindowPlan } from "../rollups/rollup-units";

/**
 * Per ATT&CK key (technique id or "tactic:<name>") over a window: alert count, latest
 * detection and the tactics its alerts carry (min, as one alert's list), for the matrix, the
 * coverage counts and the overview's top techniques. Whole quarter hours come from
 * rollup_attack, the partial ones at the edges from the link table; one SQL statement adds them
 * up, so ties and min() follow the database's own rules. With no blocks it is the direct count.
 * (Alerts first, as a cross join SQLite keeps in that order; PostgreSQL plans it freely.)
 */
export async function attackActivity(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  plan: WindowPlan,
  options: { techniquesOnly?: boolean; limit?: number } = {},
) {
  if (tenantIds.length === 0) return [];
  const branches = attackBranches(tenantIds, plan.blocks);
  if (plan.partial.length) {
    branches.push(sql`select t.attack_key, count(*) as n, max(alerts.detected_at) as latest, min(alerts.tactics) as tactics
      from alerts cross join alert_attack t where t.alert_id = alerts.id
      and ${alertTenantIn(db, tenantIds)} and ${inRanges(plan.partial)} group by t.attack_key`);
  }
  if (branches.length === 0) return [];
  const techniques = options.techniquesOnly ? sql`where attack_key not like 'tactic:%'` : sql``;
  const top = options.limit === undefined ? sql`` : sql`order by sum(n) desc, attack_key limit ${options.limit}`;
  const result = await sql<{ key: string; alerts: number | string; latest: number | string; tactics: string }>`
    select attack_key as key, sum(n) as alerts, max(latest) as latest, min(tactics) as tactics
    from (${sql.join(branches, sql` union all `)}) x ${techniques} group by attack_key ${top}`.execute(db);
  return result.rows;
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
