import type { Kysely, Transaction } from "kysely";
import { isSqlite } from "../../db/dialect";
import type { SqliteBulk } from "../../db/sqlite-bulk";
import type { AlertAttackTable, AlertComplianceTable, AlertsTable, DB } from "../../db/tables";
import { sourceOwnedColumns } from "./alert-row";

type Db = Kysely<DB> | Transaction<DB>;

// About 75 columns a row: 400 rows stay under SQLite's 32,766 bound parameters; PostgreSQL's
// 65,535 take 500, the statement size of the raw insert the ingest benchmark compares with.
const chunkRows = (db: Db) => (isSqlite(db as Kysely<unknown>) ? 400 : 500);

export interface UpsertResult {
  created: number;
  updated: number;
  /** The stored id of every row, in input order (existing alerts keep their id). */
  ids: string[];
  /** The ids of rows that were new. */
  createdIds: string[];
}

/**
 * Inserts or updates on (tenant, source, source id). Within one call a repeated key counts as an
 * update of the earlier row. ATT&CK links are rewritten for every row written.
 */
export async function upsertAlerts(db: Db, tenantId: string, rows: AlertsTable[], bulk?: SqliteBulk): Promise<UpsertResult> {
  const existing = bulk ? undefined : await existingIds(db, tenantId, rows);
  let created = 0;
  let updated = 0;
  // Ids already in the database (a key repeated within this call is not, until written).
  const stored = new Set<string>();
  const ids: string[] = [];
  const createdIds: string[] = [];
  const latest = new Map<string, AlertsTable>();
  const seen = new Map<string, string>();
  for (const row of rows) {
    const key = `${row.source}\u0000${row.source_id}`;
    const repeated = seen.get(key);
    const storedId = repeated ? undefined : bulk ? bulk.existingId(tenantId, row.source, row.source_id) : existing?.get(key);
    if (repeated || storedId) {
      updated++;
      row.id = repeated ?? storedId ?? row.id;
      if (storedId) stored.add(storedId);
    } else {
      created++;
      createdIds.push(row.id);
    }
    seen.set(key, row.id);
    ids.push(row.id);
    latest.set(key, row);
  }
  const unique = [...latest.values()];
  if (bulk) {
    const resent = unique.filter((r) => stored.has(r.id));
    const inserted = bulk.insertAlerts(unique.filter((r) => !stored.has(r.id)));
    bulk.updateAlerts(resent, sourceOwnedColumns);
    for (let i = 0; i < resent.length; i += 500)
      await db
        .deleteFrom("alert_attack")
        .where(
          "alert_id",
          "in",
          resent.slice(i, i + 500).map((r) => r.id),
        )
        .execute();
    if (inserted) bulk.linkInsertedAlerts(inserted);
    // Re-sent alerts: their links were deleted above and are written again from their new lists.
    bulk.insertAttackLinks(resent.flatMap((r) => attackLinks(tenantId, r)));
    await writeComplianceLinks(db, tenantId, unique, stored, bulk);
    return { created, updated, ids, createdIds };
  }
  const size = chunkRows(db);
  for (let i = 0; i < unique.length; i += size) {
    const chunk = unique.slice(i, i + size);
    await db
      .insertInto("alerts")
      .values(chunk)
      .onConflict((oc) =>
        oc
          .columns(["tenant_id", "source", "source_id"])
          .doUpdateSet((eb) => Object.fromEntries(sourceOwnedColumns.map((c) => [c, eb.ref(`excluded.${c}`)]))),
      )
      .execute();
    await writeAttackLinks(db, tenantId, chunk, stored);
    await writeComplianceLinks(db, tenantId, chunk, stored);
  }
  return { created, updated, ids, createdIds };
}

async function existingIds(db: Db, tenantId: string, rows: AlertsTable[]): Promise<Map<string, string>> {
  const existing = new Map<string, string>();
  const bySource = new Map<string, string[]>();
  for (const row of rows) bySource.set(row.source, [...(bySource.get(row.source) ?? []), row.source_id]);
  for (const [source, ids] of bySource) {
    for (let i = 0; i < ids.length; i += 500) {
      const found = await db
        .selectFrom("alerts")
        .select(["id", "source_id"])
        .where("tenant_id", "=", tenantId)
        .where("source", "=", source)
        .where("source_id", "in", ids.slice(i, i + 500))
        .execute();
      for (const f of found) existing.set(`${source}\u0000${f.source_id}`, f.id);
    }
  }
  return existing;
}

async function writeAttackLinks(db: Db, tenantId: string, rows: AlertsTable[], known: Set<string>): Promise<void> {
  const stale = rows.filter((r) => known.has(r.id)).map((r) => r.id);
  if (stale.length) await db.deleteFrom("alert_attack").where("alert_id", "in", stale).execute();
  const links = rows.flatMap((row) => attackLinks(tenantId, row));
  for (let i = 0; i < links.length; i += 500)
    await db
      .insertInto("alert_attack")
      .values(links.slice(i, i + 500))
      .execute();
}

/**
 * The compliance tags of these alerts as link rows (migration 0034). Most alerts carry none and
 * cost one null check; a re-sent alert's tags replace its stored ones.
 */
async function writeComplianceLinks(
  db: Db,
  tenantId: string,
  rows: readonly AlertsTable[],
  stored: ReadonlySet<string>,
  bulk?: SqliteBulk,
): Promise<void> {
  const tagged = rows.filter((r) => r.compliance !== null || stored.has(r.id));
  if (tagged.length === 0) return;
  const restated = tagged.filter((r) => stored.has(r.id)).map((r) => r.id);
  for (let i = 0; i < restated.length; i += 500)
    await db
      .deleteFrom("alert_compliance")
      .where("alert_id", "in", restated.slice(i, i + 500))
      .execute();
  const links: AlertComplianceTable[] = tagged.flatMap((r) =>
    [...new Set(JSON.parse(r.compliance ?? "[]") as string[])].map((key) => {
      const cut = key.indexOf("|");
      return {
        tenant_id: tenantId,
        framework: key.slice(0, cut),
        requirement: key.slice(cut + 1),
        alert_id: r.id,
        detected_at: r.detected_at,
      };
    }),
  );
  if (bulk) return bulk.insertComplianceLinks(links);
  for (let i = 0; i < links.length; i += 500)
    await db
      .insertInto("alert_compliance")
      .values(links.slice(i, i + 500))
      .execute();
}

export const tacticKey = (tactic: string) => `tactic:${tactic}`;

function attackLinks(tenantId: string, row: AlertsTable): AlertAttackTable[] {
  return [
    ...new Set([...(JSON.parse(row.mitre_techniques) as string[]), ...(JSON.parse(row.tactics) as string[]).map(tacticKey)]),
  ].map((attack_key) => ({ tenant_id: tenantId, attack_key, alert_id: row.id }));
}

export const findAlert = (db: Db, tenantIds: readonly string[], id: string) =>
  tenantIds.length === 0
    ? Promise.resolve(undefined)
    : db
        .selectFrom("alerts")
        .innerJoin("tenants", "tenants.id", "alerts.tenant_id")
        .selectAll("alerts")
        .select("tenants.name as tenant_name")
        .where("alerts.id", "=", id)
        .where("alerts.tenant_id", "in", [...tenantIds])
        .executeTakeFirst();

export async function updateAlert(db: Db, id: string, changes: Partial<AlertsTable>): Promise<void> {
  await db.updateTable("alerts").set(changes).where("id", "=", id).execute();
}

/** Alerts sharing the rule, host, user or source address, newest first. */
export async function relatedAlerts(
  db: Db,
  tenantId: string,
  alert: Pick<AlertsTable, "id" | "rule" | "hostname" | "username" | "src_ip">,
) {
  const related: { id: string; name: string; priority: string; status: string; detected_at: number; reason: string }[] = [];
  const pairs = [
    ["rule", alert.rule, "same rule"],
    ["hostname", alert.hostname, "same host"],
    ["username", alert.username, "same user"],
    ["src_ip", alert.src_ip, "same source IP"],
  ] as const;
  for (const [column, value, reason] of pairs) {
    if (!value) continue;
    const rows = await db
      .selectFrom("alerts")
      .select(["id", "name", "priority", "status", "detected_at"])
      .where("tenant_id", "=", tenantId)
      .where(column, "=", value)
      .where("id", "!=", alert.id)
      .orderBy("detected_at", "desc")
      .limit(10)
      .execute();
    for (const r of rows) if (!related.some((x) => x.id === r.id)) related.push({ ...r, reason });
  }
  return related;
}

/** Open alerts past their acknowledge or respond time that nobody has been told about yet. */
export const dueSlaBreaches = (db: Db, now: number, limit: number) =>
  db
    .selectFrom("alerts")
    .select(["id", "tenant_id", "name", "priority", "assignee_user_id", "acknowledged_at", "ack_due_at"])
    .where("breach_notified_at", "is", null)
    .where("status", "in", ["Open", "Acknowledged", "In Progress"])
    .where((eb) =>
      eb.or([
        eb.and([eb("acknowledged_at", "is", null), eb("ack_due_at", "<", now)]),
        eb.and([eb("responded_at", "is", null), eb("respond_due_at", "<", now)]),
      ]),
    )
    .limit(limit)
    .execute();

/** Marks an alert's breach as notified unless it already is; true when this call marked it. */
export async function claimBreachNotified(db: Db, id: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable("alerts")
    .set({ breach_notified_at: at })
    .where("id", "=", id)
    .where("breach_notified_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
