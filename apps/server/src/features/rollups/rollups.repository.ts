import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import { lockForTransaction } from "../../db/dialect";
import type { DB } from "../../db/tables";
import { type LeafSourceRow, type RankedDim, totalColumns } from "./rollup-leaf";
import { alertTenantIn, inRanges } from "./rollup-read.repository";
import { LEVEL_STEP, UNIT_MS } from "./rollup-units";

/**
 * Rollup storage: the dirty queue, the value dictionary, what a leaf is computed from, and the
 * writes. Reads for windows are in rollup-read.repository.ts. Every function takes the tenant
 * (or tenants) it touches.
 */
export type Db = Kysely<DB> | Transaction<DB>;

export const rollupTables = ["rollup_totals", "rollup_ranked", "rollup_attack", "rollup_incidents", "rollup_analysts"] as const;
export type RollupTable = (typeof rollupTables)[number];

// An arbitrary constant naming the rollup lock among PostgreSQL advisory locks.
const ROLLUP_LOCK = 7_410_993;

/**
 * Serialises every rollup write on PostgreSQL (refreshers of several processes, a full
 * rebuild): blocks are rebuilt from their children, and two writers of one block deadlock.
 * Held to the end of the caller's transaction; SQLite writes one transaction at a time anyway.
 */
export function lockRollups(trx: Db): Promise<void> {
  return lockForTransaction(trx as never, ROLLUP_LOCK);
}

// -- dirty queue --------------------------------------------------------------------------

export async function enqueueLeaves(db: Db, leaves: { tenant_id: string; unit: number }[]): Promise<void> {
  for (let i = 0; i < leaves.length; i += 500)
    await db
      .insertInto("rollup_dirty")
      .values(leaves.slice(i, i + 500))
      .execute();
}

/** Queued marks, oldest first, for some tenants and/or from some leaf on (default: all). */
export async function queuedLeaves(db: Db, filter: { tenantIds?: readonly string[]; fromUnit?: number }, limit?: number) {
  if (filter.tenantIds?.length === 0) return [];
  let query = db.selectFrom("rollup_dirty").select(["id", "tenant_id", "unit"]).orderBy("id");
  if (filter.tenantIds) query = query.where("tenant_id", "in", [...filter.tenantIds]);
  if (filter.fromUnit !== undefined) query = query.where("unit", ">=", filter.fromUnit);
  return (limit === undefined ? query : query.limit(limit)).execute();
}

export async function dequeue(db: Db, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500)
    await db
      .deleteFrom("rollup_dirty")
      .where("id", "in", ids.slice(i, i + 500))
      .execute();
}

// -- value dictionary ---------------------------------------------------------------------

/** Ids for values of a dimension, adding the missing ones. */
export async function keyIds(db: Db, dim: RankedDim, keys: string[], cache?: Map<string, number>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const missing: string[] = [];
  for (const key of keys) {
    const known = cache?.get(`${dim}\u0000${key}`);
    if (known === undefined) missing.push(key);
    else ids.set(key, known);
  }
  for (let i = 0; i < missing.length; i += 500) {
    const chunk = missing.slice(i, i + 500);
    await db
      .insertInto("rollup_keys")
      .values(chunk.map((key) => ({ dim, key })))
      .onConflict((oc) => oc.columns(["dim", "key"]).doNothing())
      .execute();
    const rows = await db
      .selectFrom("rollup_keys")
      .select(["id", "key"])
      .where("dim", "=", dim)
      .where("key", "in", chunk)
      .execute();
    for (const r of rows) {
      ids.set(r.key, Number(r.id));
      cache?.set(`${dim}\u0000${r.key}`, Number(r.id));
    }
  }
  return ids;
}

/** The values of ids, ordered by the database's own collation (so ties rank as in SQL). */
export async function keysInOrder(db: Db, ids: number[], limit?: number) {
  if (ids.length === 0) return [];
  let query = db.selectFrom("rollup_keys").select(["id", "key"]).where("id", "in", ids).orderBy("key");
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map((r) => ({ id: Number(r.id), key: r.key }));
}

// -- leaf sources -------------------------------------------------------------------------

type Ranges = readonly [number, number][];

/** The columns a leaf is computed from, for alerts detected in the [from, to) ranges. */
export function leafSourceRows(db: Db, tenantIds: readonly string[], ranges: Ranges): Promise<LeafSourceRow[]> {
  return db
    .selectFrom("alerts")
    .select([
      "tenant_id",
      "detected_at",
      "priority",
      "status",
      "assignee",
      "rule",
      "name",
      "hostname",
      "username",
      "incident_id",
      "resolution_type",
      "acknowledged_at",
      "responded_at",
      "resolved_at",
      "ack_due_at",
      "respond_due_at",
      "source",
      "source_tool",
      "detection_source",
    ])
    .where(inRanges(ranges))
    .where(alertTenantIn(db, tenantIds))
    .execute();
}

/**
 * Alerts first, then their links: written as a cross join because SQLite keeps that order (a
 * fresh database without statistics would otherwise walk all of a tenant's links); PostgreSQL
 * plans it as the inner join it is.
 */
const linksInRange = (db: Db, tenantIds: readonly string[], ranges: Ranges) =>
  db
    .selectFrom("alerts")
    .crossJoin("alert_attack as t")
    .whereRef("t.alert_id", "=", "alerts.id")
    .where(inRanges(ranges))
    .where(alertTenantIn(db, tenantIds));

/** Per leaf and ATT&CK key (technique or tactic:<name>): alerts, latest detection, min(tactics) as the matrix reads it. */
export function attackSource(db: Db, tenantIds: readonly string[], ranges: Ranges) {
  const unit = unitSql(sql.ref("alerts.detected_at"));
  return linksInRange(db, tenantIds, ranges)
    .select([
      "alerts.tenant_id",
      unit.as("unit"),
      "t.attack_key",
      sql<number>`count(*)`.as("n"),
      sql<number>`max(alerts.detected_at)`.as("latest"),
      sql<string>`min(alerts.tactics)`.as("tactics"),
    ])
    .groupBy(["alerts.tenant_id", unit, "t.attack_key"])
    .execute();
}

/** The analyst an alert counts for. */
export const analystOf = sql<string>`coalesce(alerts.assignee, 'Unassigned')`;
/** The sums behind an analyst's figures (rollup_analysts' columns). */
export const analystSums = [
  sql<number>`count(*)`.as("alerts"),
  sql<number>`coalesce(sum(alerts.acknowledged_at - alerts.detected_at), 0)`.as("mtta_sum"),
  sql<number>`count(alerts.acknowledged_at)`.as("mtta_n"),
  sql<number>`coalesce(sum(alerts.resolved_at - alerts.detected_at), 0)`.as("mttr_sum"),
  sql<number>`count(alerts.resolved_at)`.as("mttr_n"),
  sql<number>`sum(case when alerts.acknowledged_at is not null and alerts.acknowledged_at <= alerts.ack_due_at then 1 else 0 end)`.as(
    "ack_met",
  ),
  sql<number>`count(alerts.acknowledged_at)`.as("acked"),
];

/**
 * Per leaf and analyst (the assignee, "Unassigned" when none): alerts, acknowledgement and
 * resolution times, acknowledgements in time, as GET /alerts/stats?by=assignee counts them.
 */
export function analystSource(db: Db, tenantIds: readonly string[], ranges: Ranges) {
  const unit = unitSql(sql.ref("alerts.detected_at"));
  return db
    .selectFrom("alerts")
    .select(["alerts.tenant_id", unit.as("unit"), analystOf.as("analyst"), ...analystSums])
    .where(inRanges(ranges))
    .where(alertTenantIn(db, tenantIds))
    .groupBy(["alerts.tenant_id", unit, analystOf])
    .execute();
}

/** An analyst's sums over alerts detected in the ranges (a window's partial edges). */
export function rangeAnalysts(db: Db, tenantIds: readonly string[], ranges: Ranges) {
  if (tenantIds.length === 0 || ranges.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("alerts")
    .select([analystOf.as("analyst"), ...analystSums])
    .where(inRanges(ranges))
    .where(alertTenantIn(db, tenantIds))
    .groupBy(analystOf)
    .execute();
}

/** Per leaf, ATT&CK key and incident: the escalated alerts. */
export function incidentSource(db: Db, tenantIds: readonly string[], ranges: Ranges) {
  const unit = unitSql(sql.ref("alerts.detected_at"));
  return linksInRange(db, tenantIds, ranges)
    .select(["alerts.tenant_id", unit.as("unit"), "t.attack_key", "alerts.incident_id", sql<number>`count(*)`.as("n")])
    .where("alerts.incident_id", "is not", null)
    .groupBy(["alerts.tenant_id", unit, "t.attack_key", "alerts.incident_id"])
    .execute();
}

// -- writes -------------------------------------------------------------------------------

export async function deleteBlocks(
  db: Db,
  tables: readonly RollupTable[],
  tenantId: string,
  level: number,
  starts: number[],
): Promise<void> {
  for (const table of tables) {
    for (let i = 0; i < starts.length; i += 500) {
      await db
        .deleteFrom(table)
        .where("tenant_id", "=", tenantId)
        .where("level", "=", level)
        .where("start", "in", starts.slice(i, i + 500))
        .execute();
    }
  }
}

/** Inserts rows in chunks small enough for SQLite's bound-parameter limit. */
export async function insertRows<T extends RollupTable>(db: Db, table: T, rows: DB[T][]): Promise<void> {
  if (rows.length === 0) return;
  const size = Math.max(1, Math.floor(20_000 / Object.keys(rows[0] as object).length));
  for (let i = 0; i < rows.length; i += size)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
}

/** The ranked histograms of blocks of one tenant and level. */
export function rankedOf(db: Db, tenantId: string, level: number, starts: number[]) {
  return db
    .selectFrom("rollup_ranked")
    .select(["start", "dim", "data"])
    .where("tenant_id", "=", tenantId)
    .where("level", "=", level)
    .where("start", "in", starts)
    .execute();
}

const parentStart = (level: number) =>
  sql<number>`(start - ((start % ${sql.lit(2 ** level)}) + ${sql.lit(2 ** level)}) % ${sql.lit(2 ** level)})`;

/** The first leaves of the children (level - LEVEL_STEP) of blocks of `level`. */
export const childStarts = (level: number, starts: number[]): number[] =>
  starts.flatMap((s) => Array.from({ length: 2 ** LEVEL_STEP }, (_, i) => s + i * 2 ** (level - LEVEL_STEP)));

/**
 * Rebuilds the SQL-summed tables of level `level` from the level below: for one tenant's blocks,
 * or (tenantId null) the whole level at once during a rebuild. A parent with no children gets no row.
 */
export async function mergeSqlLevel(
  db: Db,
  level: number,
  tenantId: string | null,
  starts: number[] | null,
  totalsOnly: boolean,
): Promise<void> {
  const child = level - LEVEL_STEP;
  const p = parentStart(level);
  const children = starts ? childStarts(level, starts) : null;
  const tables: RollupTable[] = totalsOnly
    ? ["rollup_totals"]
    : ["rollup_totals", "rollup_attack", "rollup_incidents", "rollup_analysts"];
  for (const table of tables) {
    let del = db.deleteFrom(table).where("level", "=", level);
    if (tenantId) del = del.where("tenant_id", "=", tenantId);
    if (starts) del = del.where("start", "in", starts);
    await del.execute();
  }
  const where = sql`level = ${child}${tenantId ? sql` and tenant_id = ${tenantId}` : sql``}${children ? sql` and start in (${sql.join(children)})` : sql``}`;
  const sums = sql.join(totalColumns.map((c) => sql`sum(${sql.ref(c)})`));
  await sql`insert into rollup_totals (tenant_id, level, start, ${sql.join(totalColumns.map((c) => sql.ref(c)))}, asof, next_due)
    select tenant_id, ${sql.lit(level)}, ${p}, ${sums}, max(asof), min(next_due) from rollup_totals where ${where} group by tenant_id, ${p}`.execute(
    db,
  );
  if (totalsOnly) return;
  await sql`insert into rollup_attack (tenant_id, level, start, attack_key, n, latest, tactics)
    select tenant_id, ${sql.lit(level)}, ${p}, attack_key, sum(n), max(latest), min(tactics) from rollup_attack where ${where} group by tenant_id, ${p}, attack_key`.execute(
    db,
  );
  await sql`insert into rollup_incidents (tenant_id, level, start, attack_key, incident_id, n)
    select tenant_id, ${sql.lit(level)}, ${p}, attack_key, incident_id, sum(n) from rollup_incidents where ${where} group by tenant_id, ${p}, attack_key, incident_id`.execute(
    db,
  );
  await sql`insert into rollup_analysts (tenant_id, level, start, analyst, alerts, mtta_sum, mtta_n, mttr_sum, mttr_n, ack_met, acked)
    select tenant_id, ${sql.lit(level)}, ${p}, analyst, sum(alerts), sum(mtta_sum), sum(mtta_n), sum(mttr_sum), sum(mttr_n), sum(ack_met), sum(acked)
    from rollup_analysts where ${where} group by tenant_id, ${p}, analyst`.execute(db);
}

/** Leaves of some tenants in leaves [from, to) whose SLA counts are not valid at `now` (a due time passed, or the clock went back). */
export function staleLeaves(db: Db, tenantIds: readonly string[], [from, to]: [number, number], now: number) {
  return db
    .selectFrom("rollup_totals")
    .select(["tenant_id", "start"])
    .where("tenant_id", "in", [...tenantIds])
    .where("level", "=", 0)
    .where("start", ">=", from)
    .where("start", "<", to)
    .where((eb) => eb.or([eb("next_due", "<", now), eb("asof", ">", now)]))
    .execute();
}

/** Leaves of any tenant whose overdue counts are not valid at `now` (a due time passed, or the clock went back). */
export function dueLeaves(db: Db, now: number) {
  return db
    .selectFrom("rollup_totals")
    .select(["tenant_id", "start"])
    .where("level", "=", 0)
    .where((eb) => eb.or([eb("next_due", "<", now), eb("asof", ">", now)]))
    .execute();
}

/** The earliest due time any leaf is waiting for (to schedule the next expiry refresh). */
export async function earliestDue(db: Db, topLevel: number): Promise<number | null> {
  const row = await db
    .selectFrom("rollup_totals")
    .select(sql<number | null>`min(next_due)`.as("due"))
    .where("level", "=", topLevel)
    .executeTakeFirst();
  return row?.due == null ? null : Number(row.due);
}

/** The leaf of a detected_at column in SQL, floor division on both engines (literals only, so it also works in DDL). */
const unitSql = (detectedAt: RawBuilder<unknown>): RawBuilder<number> =>
  sql<number>`((${detectedAt} - ((${detectedAt} % ${sql.lit(UNIT_MS)}) + ${sql.lit(UNIT_MS)}) % ${sql.lit(UNIT_MS)}) / ${sql.lit(UNIT_MS)})`;

/** Empties every rollup table and the refresh queue (a full rebuild follows). */
export async function clearRollups(db: Db): Promise<void> {
  for (const table of [...rollupTables, "rollup_sources", "rollup_source_days", "rollup_dirty"] as const)
    await db.deleteFrom(table).execute();
}

export async function allTenantIds(db: Db): Promise<string[]> {
  return (await db.selectFrom("tenants").select("id").execute()).map((t) => t.id);
}

/** A tenant's ranked rollups of one level, to merge into the level above. */
export async function rankedAtLevel(db: Db, tenantId: string, level: number) {
  return db
    .selectFrom("rollup_ranked")
    .select(["start", "dim", "data"])
    .where("tenant_id", "=", tenantId)
    .where("level", "=", level)
    .execute();
}

export async function countLeaves(db: Db): Promise<number> {
  const row = await db
    .selectFrom("rollup_totals")
    .select(sql<number>`count(*)`.as("n"))
    .where("level", "=", 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The first detection at or after `at`, or null (skips the empty stretches of a sparse history). */
export async function nextDetection(db: Db, at: number): Promise<number | null> {
  const row = await db
    .selectFrom("alerts")
    .select(sql<number | null>`min(detected_at)`.as("at"))
    .where("detected_at", ">=", at)
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}
