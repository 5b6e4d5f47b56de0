import type { Kysely } from "kysely";

/**
 * Automation rules and webhooks (issue 16, docs/automation.md). A rule belongs to one or more
 * tenants (a provider-wide rule lists several); each run is recorded once per (rule, event), which
 * is what keeps a rule from acting twice on one event when servers share a database. Alert tags
 * are written by the "add tags" action. Webhook deliveries keep the request and the last answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("automation_rules")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("stop_after", "integer", (c) => c.notNull())
    .addColumn("trigger", "text", (c) => c.notNull())
    .addColumn("every_minutes", "integer")
    .addColumn("condition", "text", (c) => c.notNull())
    .addColumn("actions", "text", (c) => c.notNull())
    .addColumn("owner_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("owner_name", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    // Scheduled rules: when the next run is due.
    .addColumn("next_run_at", "bigint")
    // Where the next round-robin assignment starts.
    .addColumn("round_robin", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("automation_rule_tenants")
    .addColumn("rule_id", "text", (c) => c.notNull().references("automation_rules.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("automation_rule_tenants_pk", ["rule_id", "tenant_id"])
    .execute();
  await db.schema
    .createIndex("automation_rule_tenants_tenant_idx")
    .on("automation_rule_tenants")
    .columns(["tenant_id"])
    .execute();

  await db.schema
    .createTable("automation_runs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("rule_id", "text", (c) => c.notNull().references("automation_rules.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("trigger", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("subject_name", "text", (c) => c.notNull())
    // The event this run answers (e.g. alert id + "created"): one run per rule and event.
    .addColumn("event_key", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("actions", "text", (c) => c.notNull())
    .addUniqueConstraint("automation_runs_event_uq", ["rule_id", "event_key"])
    .execute();
  await db.schema.createIndex("automation_runs_rule_idx").on("automation_runs").columns(["rule_id", "at", "id"]).execute();

  await db.schema
    .createTable("automation_groups")
    .addColumn("rule_id", "text", (c) => c.notNull().references("automation_rules.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("group_key", "text", (c) => c.notNull())
    .addColumn("incident_id", "text", (c) => c.notNull().references("incidents.id").onDelete("cascade"))
    .addColumn("opened_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("automation_groups_pk", ["rule_id", "tenant_id", "group_key"])
    .execute();

  await db.schema
    .createTable("alert_tags")
    .addColumn("alert_id", "text", (c) => c.notNull().references("alerts.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("tag", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("alert_tags_pk", ["alert_id", "tag"])
    .execute();
  await db.schema.createIndex("alert_tags_tenant_idx").on("alert_tags").columns(["tenant_id", "tag"]).execute();

  await db.schema
    .createTable("webhooks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    // Kept readable: signing needs the secret itself (docs/automation.md, "Secrets").
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("previous_secret", "text")
    .addColumn("previous_until", "bigint")
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("created_by_name", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhooks_tenant_idx").on("webhooks").columns(["tenant_id"]).execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("webhook_id", "text", (c) => c.notNull().references("webhooks.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("rule_id", "text")
    .addColumn("payload", "text", (c) => c.notNull())
    // pending, delivered, retrying, dead
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("response_code", "integer")
    .addColumn("response_excerpt", "text")
    .addColumn("duration_ms", "integer")
    .addColumn("error", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_attempt_at", "bigint")
    .addColumn("next_attempt_at", "bigint")
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_tenant_idx")
    .on("webhook_deliveries")
    .columns(["tenant_id", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_hook_idx")
    .on("webhook_deliveries")
    .columns(["webhook_id", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "webhook_deliveries",
    "webhooks",
    "alert_tags",
    "automation_groups",
    "automation_runs",
    "automation_rule_tenants",
    "automation_rules",
  ])
    await db.schema.dropTable(table).execute();
}
