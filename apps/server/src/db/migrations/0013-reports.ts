import type { Kysely } from "kysely";
import { isSqlite } from "../dialect";

/**
 * The report archive (issue 14, features/reports): every generated report file with who made
 * it, when and with which parameters, and the tenants it covers. A report is shown only to
 * people who may read every one of its tenants, so `tenant_count` is kept beside the rows of
 * `report_tenants`: if a tenant is deleted its row goes and the report is shown to nobody.
 * Frozen schema only: no feature code is imported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("reports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("period_label", "text")
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("incident_id", "text")
    .addColumn("tenant_count", "integer", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("file", isSqlite(db) ? "blob" : "bytea", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("reports_created_idx").on("reports").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("report_tenants")
    .addColumn("report_id", "text", (c) => c.notNull().references("reports.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("tenant_name", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("report_tenants_pk", ["report_id", "tenant_id"])
    .execute();
  await db.schema.createIndex("report_tenants_tenant_idx").on("report_tenants").columns(["tenant_id", "report_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("report_tenants").execute();
  await db.schema.dropTable("reports").execute();
}
