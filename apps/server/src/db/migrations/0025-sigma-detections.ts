import type { Kysely } from "kysely";

/**
 * Sigma detections (docs/detections.md): rules imported per tenant with their text, whether the
 * tenant runs them, and per tenant the logsource map it edited (null: the built-in one), a
 * version bumped by every change of rules or map (servers recompile when it moves), and counts
 * of events received and matched (events that match nothing are counted, never stored).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("detection_rules")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("rule_id", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("level", "text", (c) => c.notNull())
    .addColumn("status", "text")
    .addColumn("description", "text")
    .addColumn("author", "text")
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("false_positives", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("logsource", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("techniques", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("tactics", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("unmapped_tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("file_name", "text")
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("imported_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("detection_rules_rule_uq", ["tenant_id", "rule_id"])
    .execute();
  await db.schema
    .createTable("detection_tenant_state")
    .addColumn("tenant_id", "text", (c) => c.primaryKey().references("tenants.id").onDelete("cascade"))
    .addColumn("logsource_map", "text")
    .addColumn("version", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("events_received", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("events_matched", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("detection_tenant_state").execute();
  await db.schema.dropTable("detection_rules").execute();
}
