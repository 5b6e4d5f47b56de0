import type { Kysely } from "kysely";

/**
 * Configuration-assessment results (issue 15, docs/compliance.md): a scan of one target against
 * one benchmark or policy, one result per control and resource, and the framework mappings the
 * tools ship in their output, kept as data per tenant, tool and control.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let scans = db.schema
    .createTable("compliance_scans")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("import_id", "text", (c) => c.notNull())
    // What identifies the scan across imports: tool, target, benchmark and the tool's time (or,
    // when the tool writes none, a digest of its records), hashed. A re-import replaces it.
    .addColumn("scan_key", "text", (c) => c.notNull())
    .addColumn("tool", "text", (c) => c.notNull())
    .addColumn("tool_version", "text")
    .addColumn("target_kind", "text", (c) => c.notNull())
    .addColumn("target_id", "text", (c) => c.notNull())
    .addColumn("target_name", "text")
    .addColumn("benchmark_id", "text", (c) => c.notNull())
    .addColumn("benchmark_title", "text")
    .addColumn("benchmark_version", "text")
    .addColumn("scanned_at", "bigint", (c) => c.notNull())
    // "tool" when the file says when it ran, "import" when the import's time stands in.
    .addColumn("time_source", "text", (c) => c.notNull())
    // 1 for the newest scan of its tool, target and benchmark: what scores and failing controls read.
    .addColumn("latest", "integer", (c) => c.notNull().defaultTo(0));
  for (const count of ["results", "pass", "fail", "error", "not_applicable", "manual", "not_checked"]) {
    scans = scans.addColumn(`${count}_count`, "integer", (c) => c.notNull().defaultTo(0));
  }
  await scans
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("compliance_scans_key_uq", ["tenant_id", "scan_key"])
    .execute();
  await db.schema
    .createIndex("compliance_scans_target_idx")
    .on("compliance_scans")
    .columns(["tenant_id", "target_kind", "target_id", "benchmark_id", "scanned_at"])
    .execute();
  await db.schema
    .createIndex("compliance_scans_latest_idx")
    .on("compliance_scans")
    .columns(["tenant_id", "latest", "scanned_at"])
    .execute();

  let results = db.schema
    .createTable("compliance_results")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("scan_id", "text", (c) => c.notNull().references("compliance_scans.id").onDelete("cascade"))
    // control id and resource: one result per control and resource in a scan.
    .addColumn("result_key", "text", (c) => c.notNull())
    .addColumn("control_id", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("severity", "text", (c) => c.notNull())
    .addColumn("result", "text", (c) => c.notNull());
  for (const column of ["rationale", "remediation", "evidence", "resource_id", "resource_type", "region", "service"])
    results = results.addColumn(column, "text");
  await results
    .addColumn("raw", "text", (c) => c.notNull())
    .addColumn("row_number", "integer", (c) => c.notNull())
    .addUniqueConstraint("compliance_results_key_uq", ["scan_id", "result_key"])
    .execute();
  await db.schema
    .createIndex("compliance_results_control_idx")
    .on("compliance_results")
    .columns(["tenant_id", "control_id"])
    .execute();
  await db.schema
    .createIndex("compliance_results_scan_result_idx")
    .on("compliance_results")
    .columns(["scan_id", "result"])
    .execute();

  await db.schema
    .createTable("compliance_mappings")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("tool", "text", (c) => c.notNull())
    .addColumn("control_id", "text", (c) => c.notNull())
    // The label as the tool wrote it ("CIS-3.0", "NIST-800-53-Revision-5", "ISO27001_2013").
    .addColumn("source", "text", (c) => c.notNull())
    // Normalised framework id (packages/shared complianceFrameworks), null for other frameworks and versions.
    .addColumn("framework", "text")
    .addColumn("requirement", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("compliance_mappings_pk", ["tenant_id", "tool", "control_id", "source", "requirement"])
    .execute();
  await db.schema
    .createIndex("compliance_mappings_framework_idx")
    .on("compliance_mappings")
    .columns(["tenant_id", "framework", "requirement"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("compliance_mappings").execute();
  await db.schema.dropTable("compliance_results").execute();
  await db.schema.dropTable("compliance_scans").execute();
}
