import type { Kysely } from "kysely";

/**
 * The compliance lists filter and count the results of the latest scans by verdict, severity and
 * control (docs/compliance.md "Performance"): an index holding those columns answers the filter
 * and the count without reading the wide result rows (raw record, evidence). It replaces the
 * (scan, result) index, its prefix. The resource id stays out: ARNs may be long enough to pass
 * PostgreSQL's index-entry limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("compliance_results_scan_cover_idx")
    .on("compliance_results")
    .columns(["scan_id", "result", "severity", "control_id", "id"])
    .execute();
  await db.schema.dropIndex("compliance_results_scan_result_idx").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("compliance_results_scan_result_idx")
    .on("compliance_results")
    .columns(["scan_id", "result"])
    .execute();
  await db.schema.dropIndex("compliance_results_scan_cover_idx").execute();
}
