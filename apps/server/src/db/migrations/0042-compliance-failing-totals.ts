import { type Kysely, sql } from "kysely";

/**
 * The failing-controls list grouped the failing rollup rows of every latest scan in scope on each
 * call, with a distinct count of targets per control: 14,711 rows for 510 controls on 500,000
 * results, 45-68 ms on SQLite where the target is 30. These rows hold that grouping per tenant,
 * kind of target and control (1,985 rows there): once over every severity (`by_severity` 0, the
 * highest rank kept) and once per severity rank (`by_severity` 1, for the severity filter), with
 * the targets distinct within the tenant and kind. Rewritten for the tenant at the end of every
 * import transaction that writes rollups (compliance-failing-totals.repository.ts). Derived:
 * this migration fills them from the rollups of the latest scans.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("compliance_failing_totals")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("target_kind", "text", (c) => c.notNull())
    .addColumn("tool", "text", (c) => c.notNull())
    .addColumn("control_id", "text", (c) => c.notNull())
    .addColumn("by_severity", "integer", (c) => c.notNull())
    .addColumn("severity_rank", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("failing", "integer", (c) => c.notNull())
    .addColumn("targets", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("compliance_failing_totals_read_idx")
    .on("compliance_failing_totals")
    .columns(["tenant_id", "by_severity", "severity_rank", "target_kind"])
    .execute();
  for (const bySeverity of [0, 1]) {
    const rank = bySeverity ? sql`f.severity_rank` : sql`max(f.severity_rank)`;
    const group = bySeverity ? sql`, f.severity_rank` : sql``;
    await sql`insert into compliance_failing_totals
        (tenant_id, target_kind, tool, control_id, by_severity, severity_rank, title, failing, targets)
      select s.tenant_id, s.target_kind, f.tool, f.control_id, ${sql.lit(bySeverity)}, ${rank}, max(f.title),
        sum(f.failing), count(distinct s.target_id)
      from compliance_scan_failing f join compliance_scans s on s.id = f.scan_id
      where s.latest = 1
      group by s.tenant_id, s.target_kind, f.tool, f.control_id${group}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("compliance_failing_totals").execute();
}
