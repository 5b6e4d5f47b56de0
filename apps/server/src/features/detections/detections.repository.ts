import { type Kysely, sql, type Transaction } from "kysely";
import type { DB, DetectionRulesTable } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/** The alert source of Sigma matches; their source id is `<rule id>|<event id>`. */
export const SIGMA_SOURCE = "sigma";

export async function listRules(db: Db, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("detection_rules")
    .selectAll()
    .where("tenant_id", "in", tenantIds)
    .orderBy("title")
    .orderBy("id")
    .execute();
}

export async function findRule(db: Db, tenantIds: readonly string[], id: string) {
  if (tenantIds.length === 0) return undefined;
  return db.selectFrom("detection_rules").selectAll().where("tenant_id", "in", tenantIds).where("id", "=", id).executeTakeFirst();
}

export async function enabledRules(db: Db, tenantId: string) {
  return db
    .selectFrom("detection_rules")
    .select(["rule_id", "source"])
    .where("tenant_id", "=", tenantId)
    .where("enabled", "=", 1)
    .orderBy("rule_id")
    .execute();
}

export async function existingRuleIds(db: Db, tenantId: string, ruleIds: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ruleIds.length; i += 500) {
    const rows = await db
      .selectFrom("detection_rules")
      .select("rule_id")
      .where("tenant_id", "=", tenantId)
      .where("rule_id", "in", ruleIds.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.rule_id);
  }
  return found;
}

export async function countRules(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom("detection_rules")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts a rule, or replaces the text and metadata of the tenant's rule with that id (keeping its enabled flag unless told). */
export async function upsertRule(db: Db, row: DetectionRulesTable, keepEnabled: boolean): Promise<void> {
  const { id: _id, tenant_id: _t, rule_id: _r, imported_at: _i, ...changes } = row;
  await db
    .insertInto("detection_rules")
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(["tenant_id", "rule_id"])
        .doUpdateSet(keepEnabled ? { ...changes, enabled: sql`detection_rules.enabled` } : changes),
    )
    .execute();
}

export async function setEnabled(db: Db, tenantIds: readonly string[], id: string, enabled: boolean, now: number) {
  if (tenantIds.length === 0) return undefined;
  return db
    .updateTable("detection_rules")
    .set({ enabled: enabled ? 1 : 0, updated_at: now })
    .where("tenant_id", "in", tenantIds)
    .where("id", "=", id)
    .returning(["tenant_id"])
    .executeTakeFirst();
}

export async function setAllEnabled(db: Db, tenantId: string, enabled: boolean, now: number): Promise<number> {
  const result = await db
    .updateTable("detection_rules")
    .set({ enabled: enabled ? 1 : 0, updated_at: now })
    .where("tenant_id", "=", tenantId)
    .where("enabled", "=", enabled ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function tenantState(db: Db, tenantId: string) {
  return db.selectFrom("detection_tenant_state").selectAll().where("tenant_id", "=", tenantId).executeTakeFirst();
}

export async function statesOf(db: Db, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db.selectFrom("detection_tenant_state").selectAll().where("tenant_id", "in", tenantIds).execute();
}

async function ensureState(db: Db, tenantId: string, now: number): Promise<void> {
  await db
    .insertInto("detection_tenant_state")
    .values({ tenant_id: tenantId, logsource_map: null, version: 0, events_received: 0, events_matched: 0, updated_at: now })
    .onConflict((oc) => oc.column("tenant_id").doNothing())
    .execute();
}

/** Rules or map changed: servers holding compiled rules for the tenant compile them again. */
export async function bumpVersion(db: Db, tenantId: string, now: number): Promise<void> {
  await ensureState(db, tenantId, now);
  await db
    .updateTable("detection_tenant_state")
    .set({ version: sql`version + 1`, updated_at: now })
    .where("tenant_id", "=", tenantId)
    .execute();
}

export async function saveLogsourceMap(db: Db, tenantId: string, map: string | null, now: number): Promise<void> {
  await ensureState(db, tenantId, now);
  await db
    .updateTable("detection_tenant_state")
    .set({ logsource_map: map, version: sql`version + 1`, updated_at: now })
    .where("tenant_id", "=", tenantId)
    .execute();
}

export async function countEvents(db: Db, tenantId: string, received: number, matched: number, now: number): Promise<void> {
  await ensureState(db, tenantId, now);
  await db
    .updateTable("detection_tenant_state")
    .set({
      events_received: sql`events_received + ${received}`,
      events_matched: sql`events_matched + ${matched}`,
      updated_at: now,
    })
    .where("tenant_id", "=", tenantId)
    .execute();
}

/** Alerts raised by each Sigma rule of these tenants (read through the alerts' (tenant, source, source id) key). */
export async function matchCounts(db: Db, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("alerts")
    .select(["tenant_id", "rule", (eb) => eb.fn.countAll<number>().as("n")])
    .where("tenant_id", "in", tenantIds)
    .where("source", "=", SIGMA_SOURCE)
    .groupBy(["tenant_id", "rule"])
    .execute();
}

/** The alerts one rule raised in its tenant, newest first. */
export async function ruleMatches(db: Db, tenantId: string, ruleId: string, limit: number) {
  return db
    .selectFrom("alerts")
    .select(["id", "name", "priority", "status", "hostname", "source_id", "created_at"])
    .where("tenant_id", "=", tenantId)
    .where("source", "=", SIGMA_SOURCE)
    .where("rule", "=", ruleId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
