import type { Kysely } from "kysely";

/**
 * Background jobs claimed in the database (issue 19, features/jobs) and report schedules with
 * their deliveries (issue 14, features/reports). A job's (kind, job_key) is unique, so a periodic
 * slot or a schedule's due time becomes one job however many servers enqueue it; a server claims
 * a job by moving it to running with a lease, so it runs once. Frozen schema only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("job_key", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("run_at", "bigint", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("claimed_by", "text")
    .addColumn("lease_until", "bigint")
    .addColumn("last_error", "text")
    .addColumn("result", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("started_at", "bigint")
    .addColumn("finished_at", "bigint")
    .addUniqueConstraint("jobs_kind_key_unique", ["kind", "job_key"])
    .execute();
  await db.schema.createIndex("jobs_status_run_idx").on("jobs").columns(["status", "run_at"]).execute();
  await db.schema.createIndex("jobs_created_idx").on("jobs").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("report_schedules")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("cadence", "text", (c) => c.notNull())
    .addColumn("at_time", "text", (c) => c.notNull())
    .addColumn("weekday", "integer")
    .addColumn("month_day", "integer")
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("recipients", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("next_run_at", "bigint", (c) => c.notNull())
    .addColumn("last_run_at", "bigint")
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("report_schedules_due_idx").on("report_schedules").columns(["enabled", "next_run_at"]).execute();

  await db.schema
    .createTable("report_schedule_tenants")
    .addColumn("schedule_id", "text", (c) => c.notNull().references("report_schedules.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("report_schedule_tenants_pk", ["schedule_id", "tenant_id"])
    .execute();
  await db.schema
    .createIndex("report_schedule_tenants_tenant_idx")
    .on("report_schedule_tenants")
    .columns(["tenant_id", "schedule_id"])
    .execute();

  await db.schema
    .createTable("report_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("schedule_id", "text", (c) => c.notNull().references("report_schedules.id").onDelete("cascade"))
    .addColumn("due_at", "bigint", (c) => c.notNull())
    .addColumn("report_id", "text", (c) => c.references("reports.id").onDelete("set null"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("recipients", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("sent_at", "bigint")
    .addUniqueConstraint("report_deliveries_due_unique", ["schedule_id", "due_at"])
    .execute();
  await db.schema
    .createIndex("report_deliveries_created_idx")
    .on("report_deliveries")
    .columns(["schedule_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("report_deliveries").execute();
  await db.schema.dropTable("report_schedule_tenants").execute();
  await db.schema.dropTable("report_schedules").execute();
  await db.schema.dropTable("jobs").execute();
}
