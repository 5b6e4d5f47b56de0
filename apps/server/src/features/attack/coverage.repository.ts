import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/tables";
import { alertTenantIn, incidentBranches, inRanges } from "../rollups/rollup-read.repository";
import type { WindowPlan } from "../rollups/rollup-units";
import { incidentReference } from "@watchfloor/shared";

/**
 * The incidents holding alerts of each ATT&CK key in a window, by key, with references: whole
 * quarter hours from rollup_incidents, the partial edges from the alerts (see attackActivity).
 */
export async function incidentsByTechnique(db: Kysely<DB>, tenantIds: readonly string[], plan: WindowPlan) {
  const byKey = new Map<string, { id: string; reference: string }[]>();
  if (tenantIds.length === 0) return byKey;
  const branches = incidentBranches(tenantIds, plan.blocks);
  if (plan.partial.length) {
    branches.push(sql`select t.attack_key, alerts.incident_id from alerts cross join alert_attack t
      where t.alert_id = alerts.id and ${alertTenantIn(db, tenantIds)} and ${inRanges(plan.partial)} and alerts.incident_id is not null`);
  }
  if (branches.length === 0) return byKey;
  const rows = await sql<{ key: string; id: string; number: number; slug: string }>`
    select x.attack_key as key, incidents.id, incidents.number, tenants.slug
    from (${sql.join(branches, sql` union all `)}) x
    inner join incidents on incidents.id = x.incident_id inner join tenants on tenants.id = incidents.tenant_id
    group by x.attack_key, incidents.id, incidents.number, tenants.slug order by x.attack_key, incidents.id`.execute(db);
  for (const r of rows.rows)
    byKey.set(r.key, [...(byKey.get(r.key) ?? []), { id: r.id, reference: incidentReference(r.slug, Number(r.number)) }]);
  return byKey;
}
