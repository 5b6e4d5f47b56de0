import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import { unindexed } from "../../db/dialect";
import type { AutomationRulesTable, AutomationRunsTable, DB } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/** Automation rules, their tenants and runs; the alert and incident reads rules evaluate. */

/**
 * The tenant filter of a read by ids (or by alert id), kept out of SQLite's index choice: with
 * it, SQLite walked the tenant's whole (tenant, source, source id) index and filtered by id,
 * 20 ms for a chunk of 500 alerts and 0.2 ms for one alert's tags, instead of key lookups.
 */
const byKey = (db: Db, table: string) => unindexed<string>(db as never, table, "tenant_id");

export type RuleRow = AutomationRulesTable & { tenant_ids: string[] };

async function withTenants(db: Db, rows: AutomationRulesTable[]): Promise<RuleRow[]> {
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom("automation_rule_tenants")
    .select(["rule_id", "tenant_id"])
    .where(
      "rule_id",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
  const byRule = new Map<string, string[]>();
  for (const l of links) byRule.set(l.rule_id, [...(byRule.get(l.rule_id) ?? []), l.tenant_id]);
  return rows.map((r) => ({ ...r, tenant_ids: (byRule.get(r.id) ?? []).sort() }));
}

/** Rules acting on at least one of these tenants, in run order. */
export async function listRules(db: Db, tenantIds: readonly string[]): Promise<RuleRow[]> {
  if (tenantIds.length === 0) return [];
  const rows = await db
    .selectFrom("automation_rules")
    .selectAll()
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("automation_rule_tenants as t")
          .select("t.rule_id")
          .whereRef("t.rule_id", "=", "automation_rules.id")
          .where("t.tenant_id", "in", [...tenantIds]),
      ),
    )
    .orderBy("position")
    .orderBy("id")
    .execute();
  return withTenants(db, rows);
}

export async function findRule(db: Db, id: string): Promise<RuleRow | undefined> {
  const row = await db.selectFrom("automation_rules").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? (await withTenants(db, [row]))[0] : undefined;
}

/** The enabled rules of one tenant for one trigger, in run order. */
export async function enabledRules(db: Db, tenantId: string, trigger: string): Promise<AutomationRulesTable[]> {
  return db
    .selectFrom("automation_rules")
    .innerJoin("automation_rule_tenants as t", "t.rule_id", "automation_rules.id")
    .selectAll("automation_rules")
    .where("t.tenant_id", "=", tenantId)
    .where("automation_rules.trigger", "=", trigger)
    .where("automation_rules.enabled", "=", 1)
    .orderBy("automation_rules.position")
    .orderBy("automation_rules.id")
    .execute();
}

export async function dueScheduledRules(db: Db, now: number): Promise<RuleRow[]> {
  const rows = await db
    .selectFrom("automation_rules")
    .selectAll()
    .where("trigger", "=", "schedule")
    .where("enabled", "=", 1)
    .where("next_run_at", "<=", now)
    .orderBy("position")
    .execute();
  return withTenants(db, rows);
}

export async function insertRule(db: Db, row: AutomationRulesTable, tenantIds: readonly string[]): Promise<void> {
  await db.insertInto("automation_rules").values(row).execute();
  await setRuleTenants(db, row.id, tenantIds);
}

export async function setRuleTenants(db: Db, ruleId: string, tenantIds: readonly string[]): Promise<void> {
  await db.deleteFrom("automation_rule_tenants").where("rule_id", "=", ruleId).execute();
  await db
    .insertInto("automation_rule_tenants")
    .values(tenantIds.map((tenant_id) => ({ rule_id: ruleId, tenant_id })))
    .execute();
}

export async function updateRule(db: Db, id: string, changes: Partial<AutomationRulesTable>): Promise<void> {
  await db.updateTable("automation_rules").set(changes).where("id", "=", id).execute();
}

export async function deleteRule(db: Db, id: string): Promise<void> {
  await db.deleteFrom("automation_rules").where("id", "=", id).execute();
}

export async function lastPosition(db: Db): Promise<number> {
  const row = await db
    .selectFrom("automation_rules")
    .select((eb) => eb.fn.max("position").as("p"))
    .executeTakeFirst();
  return Number(row?.p ?? 0);
}

/** The next round-robin turn of a rule (0, 1, 2, ...), taken atomically. */
export async function takeTurn(db: Db, ruleId: string): Promise<number> {
  const row = await db
    .updateTable("automation_rules")
    .set((eb) => ({ round_robin: eb("round_robin", "+", 1) }))
    .where("id", "=", ruleId)
    .returning("round_robin")
    .executeTakeFirst();
  return Number(row?.round_robin ?? 1) - 1;
}

/**
 * Records runs once per rule and event, many in one statement; answers the ids this call
 * inserted (a run another server, or an earlier try, recorded is not returned).
 */
export async function claimRuns(db: Db, runs: readonly AutomationRunsTable[]): Promise<Set<string>> {
  const claimed = new Set<string>();
  // Ten columns a row: 90 rows stay far under SQLite's bound-parameter limit.
  for (let i = 0; i < runs.length; i += 90) {
    const rows = await db
      .insertInto("automation_runs")
      .values(runs.slice(i, i + 90))
      .onConflict((oc) => oc.columns(["rule_id", "event_key"]).doNothing())
      .returning("id")
      .execute();
    for (const r of rows) claimed.add(r.id);
  }
  return claimed;
}

/** Writes the outcome of many runs in one statement per hundred. */
export async function finishRuns(db: Db, runs: readonly { id: string; outcome: string; actions: string }[]): Promise<void> {
  for (let i = 0; i < runs.length; i += 100) {
    const part = runs.slice(i, i + 100);
    const caseOf = (pick: (r: (typeof part)[number]) => string) =>
      sql<string>`case id ${sql.join(
        part.map((r) => sql`when ${r.id} then ${pick(r)}`),
        sql` `,
      )} end`;
    await db
      .updateTable("automation_runs")
      .set({ outcome: caseOf((r) => r.outcome), actions: caseOf((r) => r.actions) })
      .where(
        "id",
        "in",
        part.map((r) => r.id),
      )
      .execute();
  }
}

export async function listRuns(
  db: Db,
  ruleId: string,
  tenantIds: readonly string[],
  before: { at: number; id: string } | undefined,
  limit: number,
): Promise<AutomationRunsTable[]> {
  if (tenantIds.length === 0) return [];
  let query = db
    .selectFrom("automation_runs")
    .selectAll()
    .where("rule_id", "=", ruleId)
    .where("tenant_id", "in", [...tenantIds]);
  if (before)
    query = query.where((eb) => eb.or([eb("at", "<", before.at), eb.and([eb("at", "=", before.at), eb("id", "<", before.id)])]));
  return query.orderBy("at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** Runs per rule and outcome, and the latest, within the tenants given. */
export async function runStats(db: Db, ruleIds: readonly string[], tenantIds: readonly string[]) {
  if (ruleIds.length === 0 || tenantIds.length === 0) return [];
  return db
    .selectFrom("automation_runs")
    .select(["rule_id", "outcome", (eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.max("at").as("last_at")])
    .where("rule_id", "in", [...ruleIds])
    .where("tenant_id", "in", [...tenantIds])
    .groupBy(["rule_id", "outcome"])
    .execute();
}

export async function findGroup(db: Db, ruleId: string, tenantId: string, key: string) {
  return db
    .selectFrom("automation_groups")
    .innerJoin("incidents", "incidents.id", "automation_groups.incident_id")
    .select(["automation_groups.incident_id", "automation_groups.opened_at", "incidents.status"])
    .where("automation_groups.rule_id", "=", ruleId)
    .where("automation_groups.tenant_id", "=", tenantId)
    .where("automation_groups.group_key", "=", key)
    .executeTakeFirst();
}

export async function saveGroup(db: Db, ruleId: string, tenantId: string, key: string, incidentId: string, at: number) {
  await db
    .insertInto("automation_groups")
    .values({ rule_id: ruleId, tenant_id: tenantId, group_key: key, incident_id: incidentId, opened_at: at })
    .onConflict((oc) => oc.columns(["rule_id", "tenant_id", "group_key"]).doUpdateSet({ incident_id: incidentId, opened_at: at }))
    .execute();
}

export async function insertAlertTags(db: Db, rows: readonly { alert_id: string; tenant_id: string; tag: string }[]) {
  for (let i = 0; i < rows.length; i += 300)
    await db
      .insertInto("alert_tags")
      .values(rows.slice(i, i + 300))
      .onConflict((oc) => oc.columns(["alert_id", "tag"]).doNothing())
      .execute();
}

export async function tagsOf(db: Db, tenantId: string, alertIds: readonly string[]): Promise<Map<string, string[]>> {
  const tags = new Map<string, string[]>();
  for (let i = 0; i < alertIds.length; i += 500) {
    const rows = await db
      .selectFrom("alert_tags")
      .select(["alert_id", "tag"])
      .where(byKey(db, "alert_tags"), "=", tenantId)
      .where("alert_id", "in", alertIds.slice(i, i + 500))
      .execute();
    for (const r of rows) tags.set(r.alert_id, [...(tags.get(r.alert_id) ?? []), r.tag]);
  }
  return tags;
}

const alertColumns = [
  "id",
  "tenant_id",
  "name",
  "description",
  "priority",
  "priority_rank",
  "status",
  "source",
  "source_tool",
  "rule",
  "type",
  "hostname",
  "username",
  "src_ip",
  "dst_ip",
  "assignee",
  "assignee_user_id",
  "incident_id",
  "tactics",
  "mitre_techniques",
  "detected_at",
  "created_at",
] as const;
export type AlertSubjectRow = Pick<DB["alerts"], (typeof alertColumns)[number]>;

export async function alertsByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<AlertSubjectRow[]> {
  const rows: AlertSubjectRow[] = [];
  for (let i = 0; i < ids.length; i += 500)
    rows.push(
      ...(await db
        .selectFrom("alerts")
        .select(alertColumns)
        .where(byKey(db, "alerts"), "=", tenantId)
        .where("id", "in", ids.slice(i, i + 500))
        .execute()),
    );
  return rows;
}

/** The newest alerts of these tenants since a time, for a dry run. */
export async function recentAlerts(
  db: Db,
  tenantIds: readonly string[],
  since: number,
  limit: number,
  /** Descriptions can be long: a dry run reads them only when its condition does. */
  withDescription = true,
): Promise<AlertSubjectRow[]> {
  if (tenantIds.length === 0) return [];
  const query = db
    .selectFrom("alerts")
    .where("tenant_id", "in", [...tenantIds])
    .where("created_at", ">=", since)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (withDescription) return query.select(alertColumns).execute();
  const lean = alertColumns.filter((c): c is Exclude<(typeof alertColumns)[number], "description"> => c !== "description");
  return (await query.select(lean).execute()).map((r) => ({ ...r, description: null }));
}

/** Open alerts of these tenants, oldest first, for a scheduled rule. */
export async function openAlerts(db: Db, tenantIds: readonly string[], limit: number): Promise<AlertSubjectRow[]> {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("alerts")
    .select(alertColumns)
    .where("tenant_id", "in", [...tenantIds])
    .where("status", "in", ["Open", "Acknowledged", "In Progress"])
    .orderBy("detected_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

const incidentColumns = ["id", "tenant_id", "title", "description", "priority", "status", "owner_user_id", "created_at"] as const;
export type IncidentSubjectRow = Pick<DB["incidents"], (typeof incidentColumns)[number]>;

export async function incidentsByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<IncidentSubjectRow[]> {
  return db
    .selectFrom("incidents")
    .select(incidentColumns)
    .where(byKey(db, "incidents"), "=", tenantId)
    .where("id", "in", [...ids])
    .execute();
}

export async function recentIncidents(
  db: Db,
  tenantIds: readonly string[],
  since: number,
  limit: number,
): Promise<IncidentSubjectRow[]> {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("incidents")
    .select(incidentColumns)
    .where("tenant_id", "in", [...tenantIds])
    .where("created_at", ">=", since)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

/** Counts rows (for a dry run's "capped" flag) without reading them. */
export async function countRecentAlerts(db: Db, tenantIds: readonly string[], since: number): Promise<number> {
  if (tenantIds.length === 0) return 0;
  const row = await db
    .selectFrom("alerts")
    .select(sql<number>`count(*)`.as("n"))
    .where("tenant_id", "in", [...tenantIds])
    .where("created_at", ">=", since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const findingColumns = [
  "id",
  "tenant_id",
  "title",
  "severity",
  "severity_rank",
  "status",
  "cve_ids",
  "kev",
  "epss",
  "cvss_score",
  "asset_name",
  "asset_type",
  "port",
  "service",
  "services",
  "created_at",
] as const;
export type FindingSubjectRow = Pick<DB["findings"], (typeof findingColumns)[number]>;

export async function findingsByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<FindingSubjectRow[]> {
  return db
    .selectFrom("findings")
    .select(findingColumns)
    .where(byKey(db, "findings"), "=", tenantId)
    .where("id", "in", [...ids])
    .execute();
}

export async function recentFindings(
  db: Db,
  tenantIds: readonly string[],
  since: number,
  limit: number,
): Promise<FindingSubjectRow[]> {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("findings")
    .select(findingColumns)
    .where("tenant_id", "in", [...tenantIds])
    .where("created_at", ">=", since)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

/** Failing compliance results with their scan's target, for rules on newly failing controls. */
export async function complianceResultsByIds(db: Db, tenantId: string, ids: readonly string[]) {
  const rows = [];
  for (let i = 0; i < ids.length; i += 500)
    rows.push(
      ...(await db
        .selectFrom("compliance_results as r")
        .innerJoin("compliance_scans as s", "s.id", "r.scan_id")
        .select([
          "r.id",
          "r.tenant_id",
          "r.title",
          "r.control_id",
          "r.severity",
          "r.resource_id",
          "r.service",
          "r.region",
          "s.tool",
          "s.target_kind",
          "s.target_id",
          "s.scanned_at as created_at",
        ])
        .where("r.tenant_id", "=", tenantId)
        .where("r.id", "in", ids.slice(i, i + 500))
        .execute()),
    );
  return rows;
}
export type ComplianceSubjectRow = Awaited<ReturnType<typeof complianceResultsByIds>>[number];

/** The failing results of the tenants' scans of the last days, for a dry run. */
export async function recentFailingResults(db: Db, tenantIds: readonly string[], since: number, limit: number) {
  if (tenantIds.length === 0) return [];
  const ids = await db
    .selectFrom("compliance_results as r")
    .innerJoin("compliance_scans as s", "s.id", "r.scan_id")
    .select(["r.id", "r.tenant_id"])
    .where("r.tenant_id", "in", [...tenantIds])
    .where("r.result", "=", "fail")
    .where("s.scanned_at", ">=", since)
    .orderBy("s.scanned_at", "desc")
    .limit(limit)
    .execute();
  const rows: ComplianceSubjectRow[] = [];
  for (const tenantId of tenantIds) {
    const mine = ids.filter((r) => r.tenant_id === tenantId).map((r) => r.id);
    if (mine.length) rows.push(...(await complianceResultsByIds(db, tenantId, mine)));
  }
  return rows;
}

/** Whether any enabled rule answers this trigger (the at-risk check runs only then). */
export async function anyEnabledRule(db: Db, trigger: string): Promise<boolean> {
  const row = await db
    .selectFrom("automation_rules")
    .select("id")
    .where("trigger", "=", trigger)
    .where("enabled", "=", 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Open alerts whose acknowledge or respond step is now "at risk" (past `share` of its window,
 * not yet due, not done) and not yet handed to rules. The due-time indexes bound the read to
 * alerts still inside their window.
 */
export async function alertsNewlyAtRisk(db: Db, now: number, share: number, limit: number) {
  // In whole percent, so both databases compare integers (PostgreSQL reads a bound 0.75 as bigint).
  const percent = sql.lit(Math.round(share * 100));
  const risky = (due: "ack_due_at" | "respond_due_at", done: "acknowledged_at" | "responded_at") =>
    sql<boolean>`(${sql.ref(done)} is null and ${sql.ref(due)} > ${now} and (${now} - detected_at) * 100 >= (${sql.ref(due)} - detected_at) * ${percent})`;
  return db
    .selectFrom("alerts")
    .select(["id", "tenant_id"])
    .where("status", "in", ["Open", "Acknowledged", "In Progress"])
    .where((eb) => eb.or([risky("ack_due_at", "acknowledged_at"), risky("respond_due_at", "responded_at")]))
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom("automation_sla_risk as c").select("c.alert_id").whereRef("c.alert_id", "=", "alerts.id"))),
    )
    .limit(limit)
    .execute();
}

/** Claims alerts for the at-risk trigger; answers those this call claimed. */
export async function claimAtRisk(db: Db, rows: readonly { id: string; tenant_id: string }[], at: number) {
  const claimed: { id: string; tenant_id: string }[] = [];
  for (let i = 0; i < rows.length; i += 300) {
    const inserted = await db
      .insertInto("automation_sla_risk")
      .values(rows.slice(i, i + 300).map((r) => ({ alert_id: r.id, tenant_id: r.tenant_id, at })))
      .onConflict((oc) => oc.column("alert_id").doNothing())
      .returning(["alert_id", "tenant_id"])
      .execute();
    for (const r of inserted) claimed.push({ id: r.alert_id, tenant_id: r.tenant_id });
  }
  return claimed;
}
