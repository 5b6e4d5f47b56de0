import { type Kysely, type RawBuilder, sql } from "kysely";
import { isSqlite } from "../dialect";

// Frozen copies (a migration never imports feature code, which goes on changing): the totals'
// columns and the quarter-hour leaf of an instant, as features/rollups had them when this ran.
const totalColumns = [
  "alerts",
  "crit",
  "high",
  "open",
  "open_critical",
  "open_high",
  "open_medium",
  "open_low",
  "mtta_sum",
  "mtta_n",
  "mttr_sum",
  "mttr_n",
  "ack_met",
  "ack_late",
  "ack_pending",
  "respond_met",
  "respond_late",
  "respond_pending",
  "escalated",
  "resolved",
  "resolved_auto",
  "breached_late",
  "breached_pending",
] as const;
const UNIT_MS = 15 * 60_000;
const unitSql = (detectedAt: RawBuilder<unknown>) =>
  sql<number>`((${detectedAt} - ((${detectedAt} % ${sql.lit(UNIT_MS)}) + ${sql.lit(UNIT_MS)}) % ${sql.lit(UNIT_MS)}) / ${sql.lit(UNIT_MS)})`;

/**
 * Alerts that existed before rollups: every (tenant, quarter hour) they fall in goes on the
 * refresh queue, which the running server works through (and which every reader flushes for its
 * tenants first, so answers are exact from the start).
 */
export async function queueExistingAlerts(db: Kysely<unknown>): Promise<void> {
  await sql`insert into rollup_dirty (tenant_id, unit) select distinct tenant_id, ${unitSql(sql.raw("detected_at"))} from alerts`.execute(
    db,
  );
}

/**
 * Rollups for the security overview and the ATT&CK views (docs/dashboard.md, "Performance"):
 * per tenant, aggregates of the alerts detected in aligned blocks of 2^level quarter hours
 * (levels 0, 2, 4 ... 14: 15 minutes up to about 171 days, see features/rollups/rollup-units.ts). `rollup_dirty` is the queue of
 * (tenant, quarter hour) leaves to recompute, written in the same transaction as the alert
 * change, so a restart loses nothing. Existing alerts are queued here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tenant = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
      .addColumn("level", "integer", (c) => c.notNull())
      .addColumn("start", "bigint", (c) => c.notNull());

  let totals = tenant("rollup_totals");
  for (const column of totalColumns) totals = totals.addColumn(column, "bigint", (c) => c.notNull().defaultTo(0));
  await totals
    .addColumn("asof", "bigint", (c) => c.notNull())
    .addColumn("next_due", "bigint")
    .addPrimaryKeyConstraint("rollup_totals_pk", ["tenant_id", "level", "start"])
    .execute();
  // The background refresher looks for leaves whose static SLA counts expire (next_due passed).
  await db.schema.createIndex("rollup_totals_due_idx").on("rollup_totals").columns(["level", "next_due"]).execute();

  const withoutRowid = isSqlite(db) ? sql`without rowid` : sql``;
  await tenant("rollup_ranked")
    .addColumn("dim", "text", (c) => c.notNull())
    .addColumn("data", isSqlite(db) ? "blob" : "bytea", (c) => c.notNull())
    .addPrimaryKeyConstraint("rollup_ranked_pk", ["tenant_id", "level", "start", "dim"])
    .execute();
  await tenant("rollup_attack")
    .addColumn("attack_key", "text", (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull())
    .addColumn("latest", "bigint", (c) => c.notNull())
    .addColumn("tactics", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("rollup_attack_pk", ["tenant_id", "level", "start", "attack_key"])
    .modifyEnd(withoutRowid)
    .execute();
  await tenant("rollup_incidents")
    .addColumn("attack_key", "text", (c) => c.notNull())
    .addColumn("incident_id", "text", (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("rollup_incidents_pk", ["tenant_id", "level", "start", "attack_key", "incident_id"])
    .modifyEnd(withoutRowid)
    .execute();

  // Ranked values (rules, hosts, users, assignees) are stored as integer ids in the histograms.
  await db.schema
    .createTable("rollup_keys")
    .addColumn("id", "integer", (c) => (isSqlite(db) ? c.primaryKey() : c.primaryKey().generatedByDefaultAsIdentity()))
    .addColumn("dim", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addUniqueConstraint("rollup_keys_uq", ["dim", "key"])
    .execute();
  // Append-only (no conflicts, so concurrent writers never wait on each other); the refresher
  // deletes the rows it has processed by id.
  await db.schema
    .createTable("rollup_dirty")
    .addColumn("id", "integer", (c) => (isSqlite(db) ? c.primaryKey() : c.primaryKey().generatedByDefaultAsIdentity()))
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("unit", "bigint", (c) => c.notNull())
    .execute();

  // A re-sent alert may move to another quarter hour: the write path marks the new one, this
  // marks the one it left (fires only when the quarter hour changes, so plain ingest pays nothing).
  const oldUnit = unitSql(sql.raw("old.detected_at"));
  const newUnit = unitSql(sql.raw("new.detected_at"));
  if (isSqlite(db)) {
    await sql`create trigger alerts_rollup_moved after update of detected_at on alerts when ${oldUnit} <> ${newUnit}
      begin insert into rollup_dirty (tenant_id, unit) values (old.tenant_id, ${oldUnit}); end`.execute(db);
  } else {
    await sql`create function alerts_rollup_moved() returns trigger language plpgsql as $$
      begin insert into rollup_dirty (tenant_id, unit) values (old.tenant_id, ${oldUnit}); return null; end $$`.execute(db);
    await sql`create trigger alerts_rollup_moved after update of detected_at on alerts for each row
      when (${oldUnit} <> ${newUnit}) execute function alerts_rollup_moved()`.execute(db);
  }

  await queueExistingAlerts(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists alerts_rollup_moved${isSqlite(db) ? sql`` : sql` on alerts`}`.execute(db);
  if (!isSqlite(db)) await sql`drop function if exists alerts_rollup_moved()`.execute(db);
  for (const table of ["rollup_dirty", "rollup_keys", "rollup_incidents", "rollup_attack", "rollup_ranked", "rollup_totals"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
