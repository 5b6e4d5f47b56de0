import { type Kysely, sql } from "kysely";

/**
 * The framework overview and a framework's requirement scores summed the requirement rollups of
 * every latest scan in scope on each call: 95,673 rows for five tenants on 500,000 results, 55 ms
 * of the overview's 58. These totals hold that sum per tenant, kind of target and requirement
 * (4,597 rows there), rewritten for the tenant at the end of every import transaction that
 * changes its rollups (compliance-rollups.repository.ts refreshRequirementTotals), so a read
 * sums a few thousand rows. The rows are derived: this migration fills them from the rollups.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("compliance_requirement_totals")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("target_kind", "text", (c) => c.notNull())
    .addColumn("framework", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("requirement", "text", (c) => c.notNull())
    .addColumn("pass", "integer", (c) => c.notNull())
    .addColumn("fail", "integer", (c) => c.notNull())
    .addColumn("error", "integer", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("compliance_requirement_totals_pk", [
      "tenant_id",
      "framework",
      "source",
      "requirement",
      "target_kind",
    ])
    .execute();
  await sql`insert into compliance_requirement_totals
      (tenant_id, target_kind, framework, source, requirement, pass, fail, error, total)
    select tenant_id, target_kind, framework, source, requirement, sum(pass), sum(fail), sum(error), sum(total)
    from compliance_scan_requirements where latest = 1
    group by tenant_id, target_kind, framework, source, requirement`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("compliance_requirement_totals").execute();
}
