import type { Kysely } from "kysely";

/**
 * CTEM (docs/ctem.md): scopes (named asset groups with an owner), validations of exposures,
 * remediation tasks linked to findings, and each scope's daily score. Exposures themselves are
 * read from the findings and attack-surface tables, never copied here.
 * Frozen schema only: no feature code is imported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("ctem_scopes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("owner_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("business_impact", "text", (c) => c.notNull())
    .addColumn("rule", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ctem_scopes_tenant_idx").on("ctem_scopes").columns(["tenant_id", "created_at"]).execute();

  // The latest validation of an exposure in a tenant (the audit log keeps every one).
  await db.schema
    .createTable("ctem_validations")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("exposure_key", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("evidence", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("by_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("by_name", "text")
    .addColumn("at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("ctem_validations_pk", ["tenant_id", "exposure_key"])
    .execute();

  await db.schema
    .createTable("ctem_tasks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("scope_id", "text", (c) => c.notNull().references("ctem_scopes.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("owner_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("due_at", "bigint", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ctem_tasks_scope_idx").on("ctem_tasks").columns(["scope_id", "created_at"]).execute();
  await db.schema
    .createTable("ctem_task_findings")
    .addColumn("task_id", "text", (c) => c.notNull().references("ctem_tasks.id").onDelete("cascade"))
    .addColumn("finding_id", "text", (c) => c.notNull().references("findings.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("ctem_task_findings_pk", ["task_id", "finding_id"])
    .execute();
  await db.schema.createIndex("ctem_task_findings_finding_idx").on("ctem_task_findings").column("finding_id").execute();

  await db.schema
    .createTable("ctem_scope_snapshots")
    .addColumn("scope_id", "text", (c) => c.notNull().references("ctem_scopes.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("day", "bigint", (c) => c.notNull())
    .addColumn("score", "double precision", (c) => c.notNull())
    .addColumn("exposures", "integer", (c) => c.notNull())
    .addColumn("taken_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("ctem_scope_snapshots_pk", ["scope_id", "day"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ctem_scope_snapshots").ifExists().execute();
  await db.schema.dropTable("ctem_task_findings").ifExists().execute();
  await db.schema.dropTable("ctem_tasks").ifExists().execute();
  await db.schema.dropTable("ctem_validations").ifExists().execute();
  await db.schema.dropTable("ctem_scopes").ifExists().execute();
}
