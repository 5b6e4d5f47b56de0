import { slaAtRiskShare } from "@watchfloor/shared";
import { type Kysely, sql, type Transaction } from "kysely";
import type { DB, MdrContactsTable, MdrEscalationsTable, MdrHandoversTable } from "../../db/tables";
import { unindexed } from "../../db/dialect";

/** MDR storage and the reads of alerts and incidents it needs; every read takes the tenants in scope. */
type Db = Kysely<DB> | Transaction<DB>;

const openStatuses = ["Open", "Acknowledged", "In Progress"];
const none = ["-"];
const inScope = (tenantIds: readonly string[]) => (tenantIds.length ? [...tenantIds] : none);

/**
 * Alerts per tenant whose respond step is at risk: not done, not due yet, past 75% of its time.
 * The alert list's `respondSla=At risk` condition (alert-list.repository.ts slaCondition, checked
 * equal by mdr.api.test.ts), written to start from the due-time index: only alerts due from now
 * on are read, not every alert of the tenants.
 */
export async function atRiskCounts(db: Kysely<DB>, tenantIds: readonly string[], now: number) {
  // Tenant unindexed (SQLite would otherwise walk a tenant index for the grouping).
  const tenant = unindexed<string>(db as Kysely<unknown>, "alerts", "tenant_id");
  return db
    .selectFrom("alerts")
    .select([tenant.as("tenant_id"), sql<number>`count(*)`.as("n")])
    .where("respond_due_at", ">=", now)
    .where("responded_at", "is", null)
    .where(tenant, "in", inScope(tenantIds))
    .where(sql<number>`alerts.detected_at + (alerts.respond_due_at - alerts.detected_at) * ${sql.lit(slaAtRiskShare)}`, "<=", now)
    .groupBy(tenant)
    .execute();
}

export async function openIncidents(db: Db, tenantIds: readonly string[]) {
  return db
    .selectFrom("incidents")
    .select(["tenant_id", sql<number>`count(*)`.as("n")])
    .where("tenant_id", "in", inScope(tenantIds))
    .where("status", "in", openStatuses)
    .groupBy("tenant_id")
    .execute();
}

/**
 * Open alerts per tenant and assignee (null = unassigned): how many, the oldest detection, and
 * how many have an overdue respond step (done late, or not done and due before `now`).
 */
export async function openWork(db: Db, tenantIds: readonly string[], now: number) {
  return db
    .selectFrom("alerts")
    .select([
      "tenant_id",
      "assignee",
      sql<number>`count(*)`.as("open"),
      sql<number>`min(detected_at)`.as("oldest"),
      sql<number>`sum(case when responded_at > respond_due_at or (responded_at is null and respond_due_at < ${now}) then 1 else 0 end)`.as(
        "breached",
      ),
    ])
    .where("tenant_id", "in", inScope(tenantIds))
    .where("status", "in", openStatuses)
    .groupBy(["tenant_id", "assignee"])
    .execute();
}

/** The open alert of one tenant and assignee detected at `detectedAt` (the oldest, found above). */
export async function openAlertAt(db: Db, tenantId: string, assignee: string | null, detectedAt: number) {
  return db
    .selectFrom("alerts")
    .select(["id", "name"])
    .where("detected_at", "=", detectedAt)
    .where("tenant_id", "=", tenantId)
    .where("status", "in", openStatuses)
    .where("assignee", assignee === null ? "is" : "=", assignee)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

/** Open alerts of one tenant and assignee (null = unassigned), oldest first. */
export async function openAlertIdsOf(db: Db, tenantId: string, assignee: string | null, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("alerts")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("status", "in", openStatuses)
    .where("assignee", assignee === null ? "is" : "=", assignee)
    .orderBy("detected_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function countOpenOf(db: Db, tenantId: string, assignee: string | null): Promise<number> {
  const row = await db
    .selectFrom("alerts")
    .select(sql<number>`count(*)`.as("n"))
    .where("tenant_id", "=", tenantId)
    .where("status", "in", openStatuses)
    .where("assignee", assignee === null ? "is" : "=", assignee)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// -- source settings and silences ----------------------------------------------------------

export async function sourceStates(db: Db, tenantIds: readonly string[]) {
  return db.selectFrom("mdr_sources").selectAll().where("tenant_id", "in", inScope(tenantIds)).execute();
}

type SourceKey = { tenantId: string; tool: string; sensor: string };
const keyOf = (db: Db, k: SourceKey) =>
  db.updateTable("mdr_sources").where("tenant_id", "=", k.tenantId).where("tool", "=", k.tool).where("sensor", "=", k.sensor);

export async function setExpected(db: Db, k: SourceKey, minutes: number | null): Promise<void> {
  await db
    .insertInto("mdr_sources")
    .values({
      tenant_id: k.tenantId,
      tool: k.tool,
      sensor: k.sensor,
      expected_minutes: minutes,
      silent_since: null,
      notified_at: null,
    })
    .onConflict((oc) => oc.columns(["tenant_id", "tool", "sensor"]).doUpdateSet({ expected_minutes: minutes }))
    .execute();
}

export async function setComponents(db: Db, k: SourceKey, components: string | null): Promise<void> {
  await db
    .insertInto("mdr_sources")
    .values({
      tenant_id: k.tenantId,
      tool: k.tool,
      sensor: k.sensor,
      expected_minutes: null,
      silent_since: null,
      notified_at: null,
      components,
    })
    .onConflict((oc) => oc.columns(["tenant_id", "tool", "sensor"]).doUpdateSet({ components }))
    .execute();
}

/**
 * Records a silence, named by the last event before it (a silence ends only when a newer event
 * arrives, so a learned interval that moves does not make it a new one); the notice of the same
 * silence is kept.
 */
export async function markSilent(db: Db, k: SourceKey, since: number): Promise<void> {
  await db
    .insertInto("mdr_sources")
    .values({
      tenant_id: k.tenantId,
      tool: k.tool,
      sensor: k.sensor,
      expected_minutes: null,
      silent_since: since,
      notified_at: null,
    })
    .onConflict((oc) =>
      oc.columns(["tenant_id", "tool", "sensor"]).doUpdateSet({
        silent_since: since,
        notified_at: sql`case when mdr_sources.silent_since = ${since} then mdr_sources.notified_at else null end`,
      }),
    )
    .execute();
}

/** The claim of notify-due.ts: marks the silence notified unless it already is. */
export async function claimSilenceNotice(db: Db, k: SourceKey, since: number, at: number): Promise<boolean> {
  const result = await keyOf(db, k)
    .set({ notified_at: at })
    .where("silent_since", "=", since)
    .where("notified_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The source sends again: its silence ends, so the next one is told anew. */
export async function clearSilence(db: Db, k: SourceKey): Promise<void> {
  await keyOf(db, k).set({ silent_since: null, notified_at: null }).execute();
}

// -- handovers ------------------------------------------------------------------------------

export async function insertHandover(db: Db, row: MdrHandoversTable): Promise<void> {
  await db.insertInto("mdr_handovers").values(row).execute();
}

export async function listHandovers(db: Db, tenantIds: readonly string[], limit: number) {
  return db
    .selectFrom("mdr_handovers")
    .selectAll()
    .where("tenant_id", "in", inScope(tenantIds))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** Names of a tenant's alerts and incidents among `ids` (what a note names must be the tenant's). */
export async function alertNames(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom("alerts").select(["id", "name"]).where("tenant_id", "=", tenantId).where("id", "in", ids).execute();
}

export async function incidentTitles(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom("incidents")
    .select(["id", "number", "title"])
    .where("tenant_id", "=", tenantId)
    .where("id", "in", ids)
    .execute();
}

// -- contacts, matrix, escalations ---------------------------------------------------------

export async function insertContact(db: Db, row: MdrContactsTable): Promise<void> {
  await db.insertInto("mdr_contacts").values(row).execute();
}

export async function listContacts(db: Db, tenantIds: readonly string[]) {
  return db
    .selectFrom("mdr_contacts")
    .selectAll()
    .where("tenant_id", "in", inScope(tenantIds))
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export async function findContact(db: Db, tenantIds: readonly string[], id: string) {
  return db
    .selectFrom("mdr_contacts")
    .selectAll()
    .where("tenant_id", "in", inScope(tenantIds))
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function deleteContact(db: Db, tenantId: string, id: string): Promise<void> {
  await db.deleteFrom("mdr_contacts").where("tenant_id", "=", tenantId).where("id", "=", id).execute();
}

export async function listMatrix(db: Db, tenantIds: readonly string[]) {
  return db.selectFrom("mdr_escalation_matrix").selectAll().where("tenant_id", "in", inScope(tenantIds)).execute();
}

export async function replaceMatrix(db: Db, tenantId: string, rows: { priority: string; contactId: string; channel: string }[]) {
  await db.deleteFrom("mdr_escalation_matrix").where("tenant_id", "=", tenantId).execute();
  if (rows.length === 0) return;
  await db
    .insertInto("mdr_escalation_matrix")
    .values(rows.map((r) => ({ tenant_id: tenantId, priority: r.priority, contact_id: r.contactId, channel: r.channel })))
    .execute();
}

export async function insertEscalation(db: Db, row: MdrEscalationsTable): Promise<void> {
  await db.insertInto("mdr_escalations").values(row).execute();
}

export async function listEscalations(db: Db, tenantIds: readonly string[], limit: number) {
  return db
    .selectFrom("mdr_escalations")
    .selectAll()
    .where("tenant_id", "in", inScope(tenantIds))
    .orderBy("told_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function findEscalation(db: Db, tenantIds: readonly string[], id: string) {
  return db
    .selectFrom("mdr_escalations")
    .selectAll()
    .where("tenant_id", "in", inScope(tenantIds))
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function acknowledgeEscalation(db: Db, tenantId: string, id: string, at: number, by: string): Promise<void> {
  await db
    .updateTable("mdr_escalations")
    .set({ acknowledged_at: at, acknowledged_by: by })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .execute();
}
