import type { Kysely } from "kysely";

/**
 * Alerts whose SLA went "at risk" and were handed to automation rules (issue 16,
 * docs/automation.md): one row per alert, a claim, so each is answered once across servers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("automation_sla_risk")
    .addColumn("alert_id", "text", (c) => c.primaryKey().references("alerts.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("automation_sla_risk").execute();
}
