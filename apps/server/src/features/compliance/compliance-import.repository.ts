import { type Insertable, sql, type Transaction } from "kysely";
import type { ComplianceMappingsTable, ComplianceResultsTable, ComplianceScansTable, DB } from "../../db/tables";

type Trx = Transaction<DB>;

export async function insertScan(trx: Trx, row: Insertable<ComplianceScansTable>): Promise<void> {
  await trx.insertInto("compliance_scans").values(row).execute();
}

/** One result per control and resource in a scan; a repeat in the same file replaces the earlier one. */
export async function upsertResults(trx: Trx, rows: Insertable<ComplianceResultsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto("compliance_results")
    .values(rows)
    .onConflict((oc) =>
      oc.columns(["scan_id", "result_key"]).doUpdateSet((eb) => ({
        title: eb.ref("excluded.title"),
        severity: eb.ref("excluded.severity"),
        result: eb.ref("excluded.result"),
        rationale: eb.ref("excluded.rationale"),
        remediation: eb.ref("excluded.remediation"),
        evidence: eb.ref("excluded.evidence"),
        resource_type: eb.ref("excluded.resource_type"),
        region: eb.ref("excluded.region"),
        service: eb.ref("excluded.service"),
        raw: eb.ref("excluded.raw"),
        row_number: eb.ref("excluded.row_number"),
      })),
    )
    .execute();
}

/**
 * Mappings are the tool's, per control: stored once per tenant, tool, control, label and
 * requirement. Returns the tool and control of each row that was new (the rollups of scans
 * already stored with that control take it in).
 */
export async function insertMappings(
  trx: Trx,
  rows: Insertable<ComplianceMappingsTable>[],
): Promise<{ tool: string; control_id: string }[]> {
  if (rows.length === 0) return [];
  return trx
    .insertInto("compliance_mappings")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning(["tool", "control_id"])
    .execute();
}

export async function resultCounts(trx: Trx, tenantId: string, scanId: string): Promise<{ result: string; n: number }[]> {
  const rows = await trx
    .selectFrom("compliance_results")
    .select(["result", (eb) => eb.fn.countAll<number>().as("n")])
    .where("tenant_id", "=", tenantId)
    .where("scan_id", "=", scanId)
    .groupBy("result")
    .execute();
  return rows.map((r) => ({ result: r.result, n: Number(r.n) }));
}

/** Failing results of a scan per severity, as the scan keeps them (`fail_severity`). */
export async function failSeverityCounts(trx: Trx, tenantId: string, scanId: string): Promise<Record<string, number>> {
  const rows = await trx
    .selectFrom("compliance_results")
    .select(["severity", (eb) => eb.fn.countAll<number>().as("n")])
    .where("tenant_id", "=", tenantId)
    .where("scan_id", "=", scanId)
    .where("result", "=", "fail")
    .groupBy("severity")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.severity, Number(r.n)]));
}

/** Removes an earlier import of the same scan (its results go with it); returns how many. */
export async function deleteScansWithKey(trx: Trx, tenantId: string, scanKey: string, keepId: string): Promise<number> {
  const gone = await trx
    .deleteFrom("compliance_scans")
    .where("tenant_id", "=", tenantId)
    .where("scan_key", "=", scanKey)
    .where("id", "!=", keepId)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

export async function finishScan(
  trx: Trx,
  tenantId: string,
  scanId: string,
  values: Partial<
    Pick<
      ComplianceScansTable,
      | "scan_key"
      | "scanned_at"
      | "time_source"
      | "results_count"
      | "pass_count"
      | "fail_count"
      | "error_count"
      | "not_applicable_count"
      | "manual_count"
      | "not_checked_count"
      | "fail_severity"
    >
  >,
): Promise<void> {
  await trx.updateTable("compliance_scans").set(values).where("tenant_id", "=", tenantId).where("id", "=", scanId).execute();
}

/** Marks the newest scan of one tool, target and benchmark as `latest` (ties: the later id). */
export async function refreshLatest(
  trx: Trx,
  tenantId: string,
  group: { tool: string; target_kind: string; target_id: string; benchmark_id: string },
): Promise<void> {
  const scansOfGroup = trx
    .selectFrom("compliance_scans")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("tool", "=", group.tool)
    .where("target_kind", "=", group.target_kind)
    .where("target_id", "=", group.target_id)
    .where("benchmark_id", "=", group.benchmark_id);
  const newest = await scansOfGroup.orderBy("scanned_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
  await trx
    .updateTable("compliance_scans")
    .set({ latest: sql<number>`case when id = ${newest?.id ?? ""} then 1 else 0 end` })
    .where("tenant_id", "=", tenantId)
    .where("id", "in", scansOfGroup)
    .execute();
  // The requirement rollups carry the flag too (migration 0038). The scans are the tenant's; the
  // rows are found by their scan (the primary key), not by the tenant's index.
  await trx
    .updateTable("compliance_scan_requirements")
    .set({ latest: sql<number>`case when scan_id = ${newest?.id ?? ""} then 1 else 0 end` })
    .where("scan_id", "in", scansOfGroup)
    .execute();
}

/** Failing results of a scan that did not fail in the previous one (or were not in it): how many, and a few titles. */
export async function newlyFailingResults(trx: Trx, scanId: string, previousId: string) {
  const newly = trx
    .selectFrom("compliance_results as r")
    .where("r.scan_id", "=", scanId)
    .where("r.result", "=", "fail")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("compliance_results as p")
            .select("p.id")
            .where("p.scan_id", "=", previousId)
            .whereRef("p.result_key", "=", "r.result_key")
            .where("p.result", "=", "fail"),
        ),
      ),
    );
  const [count, titles, ids] = await Promise.all([
    newly.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
    newly.select("r.title").distinct().orderBy("r.title").limit(3).execute(),
    // For automation rules: at most 5,000 a scan (a first run against a new benchmark can fail thousands).
    newly.select("r.id").orderBy("r.id").limit(5_000).execute(),
  ]);
  return { count: Number(count?.n ?? 0), titles: titles.map((t) => t.title), ids: ids.map((r) => r.id) };
}

/** One scan of the tenant, as the import just wrote it. */
export async function scanById(trx: Trx, tenantId: string, scanId: string) {
  return trx
    .selectFrom("compliance_scans")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", scanId)
    .executeTakeFirst();
}
