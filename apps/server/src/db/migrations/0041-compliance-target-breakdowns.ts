import { type Kysely, sql } from "kysely";

/**
 * The breakdown of the latest results by service, region, resource type, severity, tool or
 * benchmark grouped and counted every result on each call, with a distinct count of resources
 * per group: 28,800 cloud results, 45-60 ms on SQLite, where the target is 30. These rows hold
 * those counts per target and key, with the resources distinct within the target (a resource is
 * one account's, cluster's or host's), rewritten for the targets of every import transaction that
 * writes rollups (compliance-rollups.repository.ts refreshTargetBreakdowns). A read sums one row
 * per target and key. The rows are derived: this migration fills them from the latest scans.
 */
const breakdownDimensions = {
  service: "r.service",
  region: "r.region",
  resource_type: "r.resource_type",
  severity: "r.severity",
  tool: "s.tool",
  benchmark: "s.benchmark_id",
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("compliance_target_breakdowns")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("target_kind", "text", (c) => c.notNull())
    .addColumn("target_id", "text", (c) => c.notNull())
    .addColumn("dimension", "text", (c) => c.notNull())
    .addColumn("key", "text")
    .addColumn("pass", "integer", (c) => c.notNull())
    .addColumn("fail", "integer", (c) => c.notNull())
    .addColumn("error", "integer", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("resources", "integer", (c) => c.notNull())
    .execute();
  // Reads: one dimension of the tenants in scope, optionally of one kind of target.
  await db.schema
    .createIndex("compliance_target_breakdowns_read_idx")
    .on("compliance_target_breakdowns")
    .columns(["tenant_id", "dimension", "target_kind"])
    .execute();
  // Rewrites: every row of the targets an import touched.
  await db.schema
    .createIndex("compliance_target_breakdowns_target_idx")
    .on("compliance_target_breakdowns")
    .columns(["tenant_id", "target_kind", "target_id"])
    .execute();
  for (const [dimension, column] of Object.entries(breakdownDimensions))
    await sql`insert into compliance_target_breakdowns
        (tenant_id, target_kind, target_id, dimension, key, pass, fail, error, total, resources)
      select s.tenant_id, s.target_kind, s.target_id, ${dimension}, ${sql.raw(column)},
        sum(case when r.result = 'pass' then 1 else 0 end), sum(case when r.result = 'fail' then 1 else 0 end),
        sum(case when r.result = 'error' then 1 else 0 end), count(*),
        count(distinct coalesce(r.resource_id, s.target_id))
      from compliance_scans s join compliance_results r on r.scan_id = s.id
      where s.latest = 1
      group by s.tenant_id, s.target_kind, s.target_id, ${sql.raw(column)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("compliance_target_breakdowns").execute();
}
