import { type Kysely, sql } from "kysely";
import { isSqlite } from "../dialect";

/**
 * Daily risk snapshots per tenant (features/risk): the Executive Risk View's trend. One row per
 * tenant and UTC day, rewritten by the imports that change the score that day; `detail` keeps the
 * parts the score is made of (JSON EstateParts and factor points) so the score of several tenants
 * together can be recomputed from their rows.
 *
 * Plus one index on findings for the live score: every open finding of the tenants in scope is
 * aggregated per asset, and the findings row is wide (descriptions, evidence, the raw record), so
 * reading it whole is most of the cost. This partial index holds only open findings and only the
 * columns the risk model reads (SQLite uses it when the query says status <> 'Closed' literally).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("risk_snapshots")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("day", "bigint", (c) => c.notNull())
    .addColumn("taken_at", "bigint", (c) => c.notNull())
    .addColumn("score", "double precision", (c) => c.notNull())
    .addColumn("open_findings", "integer", (c) => c.notNull())
    .addColumn("critical_findings", "integer", (c) => c.notNull())
    .addColumn("kev_findings", "integer", (c) => c.notNull())
    .addColumn("overdue_findings", "integer", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("risk_snapshots_pk", ["tenant_id", "day"])
    .execute();
  if (isSqlite(db)) {
    await sql`create index findings_open_risk_idx on findings (tenant_id, asset_id, severity_rank, cvss_score, kev, epss, first_seen, due_at, status) where status <> 'Closed'`.execute(
      db,
    );
  } else {
    await sql`create index findings_open_risk_idx on findings (tenant_id, asset_id) include (severity_rank, cvss_score, kev, epss, first_seen, due_at, status) where status <> 'Closed'`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("findings_open_risk_idx").ifExists().execute();
  await db.schema.dropTable("risk_snapshots").ifExists().execute();
}
