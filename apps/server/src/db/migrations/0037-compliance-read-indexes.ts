import type { Kysely } from "kysely";
import { isSqlite } from "../dialect";

/**
 * Two indexes for compliance reads over 500,000 results (docs/compliance.md "Performance"):
 *
 * - `compliance_mappings_control_idx`: a framework filter asks, for every result, whether its
 *   control maps to the framework in its tenant and tool. The primary key finds the control's
 *   mappings but then reads each of them (every source and requirement) for the framework; with
 *   the framework in the index it is one seek.
 * - `compliance_results_scan_read_idx` (SQLite only): the check list's text search and the
 *   breakdowns by service, region and resource type read, for every result of the latest scans,
 *   columns the cover index of 0023 does not hold, so SQLite loaded every wide result row (raw
 *   record, evidence) to test a few short columns (246 ms for a search, 77 ms for a breakdown).
 *   This index holds every column the lists filter and sort the results on, and the id, so they
 *   find a page's ids in it and read only that page's rows (listResults). Not on PostgreSQL:
 *   titles and ARNs may pass its B-tree entry limit (about 2.7 KB).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("compliance_mappings_control_idx")
    .on("compliance_mappings")
    .columns(["tenant_id", "tool", "control_id", "framework"])
    .execute();
  if (!isSqlite(db)) return;
  await db.schema
    .createIndex("compliance_results_scan_read_idx")
    .on("compliance_results")
    .columns(["scan_id", "result", "severity", "service", "region", "resource_type", "control_id", "resource_id", "title", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("compliance_results_scan_read_idx").ifExists().execute();
  await db.schema.dropIndex("compliance_mappings_control_idx").execute();
}
