import type { Kysely } from "kysely";

/**
 * Retention per tenant (issue 19): alerts, timeline events and audit entries older than this many
 * days are deleted in bounded batches; null keeps everything (the default). Frozen schema only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tenants").addColumn("retention_days", "integer").execute();
  await db.schema.createIndex("timeline_events_tenant_at_idx").on("timeline_events").columns(["tenant_id", "at"]).execute();
}
