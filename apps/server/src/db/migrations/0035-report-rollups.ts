import { type Kysely, sql } from "kysely";
import { isSqlite } from "../dialect";
import { queueExistingAlerts } from "./0007-dashboard-rollups";

/**
 * Rollup columns for the reports (issue 14, docs/reports.md "Performance"): alerts, SLA met and
 * missed, and acknowledgement and resolution times per priority; alerts missing both SLA steps;
 * closed alerts resolved by hand and closed without an incident; and per analyst, alerts,
 * acknowledgement and resolution times and acknowledgements in time. Every quarter hour with alerts
 * is queued so the refresher recounts it with the new columns (as migration 0007 did); the
 * first overview read after the upgrade waits for that.
 */
const columns = [
  "alerts_medium",
  "alerts_low",
  "ack_met_critical",
  "ack_missed_critical",
  "respond_met_critical",
  "respond_missed_critical",
  "mtta_sum_critical",
  "mtta_n_critical",
  "mttr_sum_critical",
  "mttr_n_critical",
  "ack_met_high",
  "ack_missed_high",
  "respond_met_high",
  "respond_missed_high",
  "mtta_sum_high",
  "mtta_n_high",
  "mttr_sum_high",
  "mttr_n_high",
  "ack_met_medium",
  "ack_missed_medium",
  "respond_met_medium",
  "respond_missed_medium",
  "mtta_sum_medium",
  "mtta_n_medium",
  "mttr_sum_medium",
  "mttr_n_medium",
  "ack_met_low",
  "ack_missed_low",
  "respond_met_low",
  "respond_missed_low",
  "mtta_sum_low",
  "mtta_n_low",
  "mttr_sum_low",
  "mttr_n_low",
  "both_missed",
  "resolved_manual",
  "closed_unescalated",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Per analyst (assignee, "Unassigned" when none) and block: the service report's analyst
  // activity, summed from the children as rollup_attack is.
  await db.schema
    .createTable("rollup_analysts")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("level", "integer", (c) => c.notNull())
    .addColumn("start", "bigint", (c) => c.notNull())
    .addColumn("analyst", "text", (c) => c.notNull())
    .addColumn("alerts", "bigint", (c) => c.notNull())
    .addColumn("mtta_sum", "bigint", (c) => c.notNull())
    .addColumn("mtta_n", "bigint", (c) => c.notNull())
    .addColumn("mttr_sum", "bigint", (c) => c.notNull())
    .addColumn("mttr_n", "bigint", (c) => c.notNull())
    .addColumn("ack_met", "bigint", (c) => c.notNull())
    .addColumn("acked", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("rollup_analysts_pk", ["tenant_id", "level", "start", "analyst"])
    .modifyEnd(isSqlite(db) ? sql`without rowid` : sql``)
    .execute();
  for (const column of columns)
    await db.schema
      .alterTable("rollup_totals")
      .addColumn(column, "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
  await queueExistingAlerts(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of columns) await db.schema.alterTable("rollup_totals").dropColumn(column).execute();
  await db.schema.dropTable("rollup_analysts").execute();
  await sql`delete from rollup_dirty`.execute(db);
}
