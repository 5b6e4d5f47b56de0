import { type Kysely, sql } from "kysely";
import { isSqlite } from "../dialect";

/** Alerts, incidents, their timelines, SLA policies, imports and quarantined rows. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("incidents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("priority", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("owner_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("root_cause", "text")
    .addColumn("resolution_type", "text")
    .addColumn("closure_notes", "text")
    .addColumn("ticket_id", "text")
    .addColumn("created_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("acknowledged_at", "bigint")
    .addColumn("responded_at", "bigint")
    .addColumn("resolved_at", "bigint")
    .addColumn("closed_at", "bigint")
    .addUniqueConstraint("incidents_tenant_number_uq", ["tenant_id", "number"])
    .execute();
  await db.schema
    .createIndex("incidents_tenant_created_idx")
    .on("incidents")
    .columns(["tenant_id", "created_at", "id"])
    .execute();

  let alerts = db.schema
    .createTable("alerts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("source_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("priority", "text", (c) => c.notNull())
    .addColumn("priority_rank", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("assignee", "text")
    .addColumn("assignee_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("incident_id", "text", (c) => c.references("incidents.id").onDelete("set null"))
    .addColumn("detected_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("raw", "text")
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""));
  for (const column of [
    "rule",
    "type",
    "detection_source",
    "source_detection_source",
    "source_tool",
    "resolution_type",
    "root_cause",
    "ack_sla_status",
    "resp_sla_status",
    "ticket_id",
    "closure_notes",
    "detection_sla",
    "notify_sla",
    "client_environment",
    "client_play",
    "customer_id",
    "customer_env",
    "customer_source",
    "device_type",
    "username",
    "user_ref",
    "user_department",
    "hostname",
    "src_ip",
    "dst_ip",
    "description",
    "ingested_by",
  ]) {
    alerts = alerts.addColumn(column, "text");
  }
  for (const column of ["services", "mitre_techniques", "tactics", "source_tools"]) {
    alerts = alerts.addColumn(column, "text", (c) => c.notNull().defaultTo("[]"));
  }
  for (const column of [
    "occurred_at",
    "acknowledged_at",
    "assigned_at",
    "responded_at",
    "resolved_at",
    "closed_at",
    "escalated_at",
    "ack_due_at",
    "respond_due_at",
    "resolve_due_at",
    "modified_at",
    "client_updated_at",
    "breach_notified_at",
  ]) {
    alerts = alerts.addColumn(column, "bigint");
  }
  for (const column of ["resolved_automatically", "follow_up", "requires_follow_up", "confirmed_incident"]) {
    alerts = alerts.addColumn(column, "integer");
  }
  for (const column of ["avg_response_min", "avg_closure_min", "avg_update_time", "user_risk_score"]) {
    alerts = alerts.addColumn(column, "real");
  }
  await alerts.addUniqueConstraint("alerts_source_uq", ["tenant_id", "source", "source_id"]).execute();
  // Keyset pages sort on (column, id). The indexes lead with the sort column, not the tenant:
  // a provider's "all my tenants" list is an IN over tenants, which a tenant-first index could
  // only serve by sorting every match; walking the sort index and filtering stops after a page.
  for (const [name, columns] of [
    ["alerts_detected_idx", ["detected_at", "id"]],
    ["alerts_priority_idx", ["priority_rank", "id"]],
    ["alerts_status_idx", ["status", "id"]],
    ["alerts_name_idx", ["name", "id"]],
    ["alerts_updated_idx", ["updated_at", "id"]],
    ["alerts_source_idx", ["source", "id"]],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on("alerts")
      .columns([...columns])
      .execute();
  }
  await db.schema.createIndex("alerts_assignee_idx").on("alerts").expression(sql`coalesce(assignee, ''), id`).execute();
  await db.schema.createIndex("alerts_incident_idx").on("alerts").column("incident_id").execute();

  // One row per technique id or "tactic:<name>" of an alert; the primary key serves the filters.
  await db.schema
    .createTable("alert_attack")
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("attack_key", "text", (c) => c.notNull())
    .addColumn("alert_id", "text", (c) => c.notNull().references("alerts.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("alert_attack_pk", ["tenant_id", "attack_key", "alert_id"])
    .modifyEnd(isSqlite(db) ? sql`without rowid` : sql``)
    .execute();
  await db.schema.createIndex("alert_attack_alert_idx").on("alert_attack").column("alert_id").execute();

  await db.schema
    .createTable("timeline_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("actor_user_id", "text")
    .addColumn("actor_name", "text")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("changes", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("comment", "text")
    .execute();
  await db.schema
    .createIndex("timeline_subject_idx")
    .on("timeline_events")
    .columns(["subject_type", "subject_id", "at"])
    .execute();

  await db.schema
    .createTable("sla_policies")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("priority", "text", (c) => c.notNull())
    .addColumn("ack_minutes", "integer", (c) => c.notNull())
    .addColumn("respond_minutes", "integer", (c) => c.notNull())
    .addColumn("resolve_minutes", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("sla_policies_pk", ["tenant_id", "priority"])
    .execute();

  await db.schema
    .createTable("import_runs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("filename", "text")
    .addColumn("created_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("report", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("quarantine")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("import_id", "text", (c) => c.references("import_runs.id").onDelete("cascade"))
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("row_number", "integer", (c) => c.notNull())
    .addColumn("raw", "text", (c) => c.notNull())
    .addColumn("problems", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("resolved_at", "bigint")
    .execute();
  await db.schema.createIndex("quarantine_tenant_idx").on("quarantine").columns(["tenant_id", "created_at"]).execute();

  await db.schema
    .createTable("saved_views")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "saved_views",
    "quarantine",
    "import_runs",
    "sla_policies",
    "timeline_events",
    "alert_attack",
    "alerts",
    "incidents",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
