import { type Kysely, sql } from "kysely";

/**
 * Compliance exceptions (issue 15, docs/compliance.md "Exceptions"): a failing control accepted
 * for one target (and resource) or for every target of a tenant, with reason, approver and
 * expiry. Results it covers count apart from failures until it expires or is revoked.
 *
 * Scans also gain their failing results per severity (JSON, `{"high": 3}`), written at import, so
 * the targets list sums scans instead of reading every result.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("compliance_scans")
    .addColumn("fail_severity", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  const rows = await sql<{ scan_id: string; severity: string; n: number | string }>`
    select scan_id, severity, count(*) as n from compliance_results where result = 'fail' group by scan_id, severity`.execute(db);
  const bySeverity = new Map<string, Record<string, number>>();
  for (const r of rows.rows) {
    const counts = bySeverity.get(r.scan_id) ?? {};
    counts[r.severity] = Number(r.n);
    bySeverity.set(r.scan_id, counts);
  }
  for (const [scanId, counts] of bySeverity)
    await sql`update compliance_scans set fail_severity = ${JSON.stringify(counts)} where id = ${scanId}`.execute(db);

  await db.schema
    .createTable("compliance_exceptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("tool", "text", (c) => c.notNull())
    .addColumn("control_id", "text", (c) => c.notNull())
    // The control's title when accepted, so the list reads well after the results are gone.
    .addColumn("title", "text", (c) => c.notNull())
    // Null target: every target of the tenant; null resource: every resource of the target.
    .addColumn("target_kind", "text")
    .addColumn("target_id", "text")
    .addColumn("resource_id", "text")
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("approved_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("approved_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("revoked_at", "bigint")
    .addColumn("revoked_by_name", "text")
    // Set once the expiry notice went out (a claim: each expiry is told once across servers).
    .addColumn("expiry_notified_at", "bigint")
    .execute();
  await db.schema
    .createIndex("compliance_exceptions_control_idx")
    .on("compliance_exceptions")
    .columns(["tenant_id", "tool", "control_id"])
    .execute();
  await db.schema
    .createIndex("compliance_exceptions_expiry_idx")
    .on("compliance_exceptions")
    .columns(["expiry_notified_at", "expires_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("compliance_exceptions").execute();
  await db.schema.alterTable("compliance_scans").dropColumn("fail_severity").execute();
}
