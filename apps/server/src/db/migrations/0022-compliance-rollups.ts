import { type Kysely, sql } from "kysely";

/**
 * Compliance rollups (docs/compliance.md "Performance"): per scan, its results counted per
 * framework (a result once per framework), per framework requirement, and its failing results per
 * control. Scores and the failing-controls list sum the rows of the latest scans instead of
 * joining every result to the tools' mappings; results under an exception are taken off at read
 * time (exceptions are few and change without an import). Written at import
 * (features/compliance/compliance-rollups.repository.ts); filled here for scans already stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("compliance_scan_frameworks")
    .addColumn("scan_id", "text", (c) => c.notNull().references("compliance_scans.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("framework", "text", (c) => c.notNull())
    .addColumn("pass", "integer", (c) => c.notNull())
    .addColumn("fail", "integer", (c) => c.notNull())
    .addColumn("error", "integer", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("compliance_scan_frameworks_pk", ["scan_id", "framework"])
    .execute();
  await db.schema
    .createTable("compliance_scan_requirements")
    .addColumn("scan_id", "text", (c) => c.notNull().references("compliance_scans.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("framework", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("requirement", "text", (c) => c.notNull())
    .addColumn("pass", "integer", (c) => c.notNull())
    .addColumn("fail", "integer", (c) => c.notNull())
    .addColumn("error", "integer", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("compliance_scan_requirements_pk", ["scan_id", "framework", "source", "requirement"])
    .execute();
  await db.schema
    .createTable("compliance_scan_failing")
    .addColumn("scan_id", "text", (c) => c.notNull().references("compliance_scans.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("tool", "text", (c) => c.notNull())
    .addColumn("control_id", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    // The most severe failing result's severity: 5 critical ... 1 info, 0 unknown.
    .addColumn("severity_rank", "integer", (c) => c.notNull())
    .addColumn("failing", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("compliance_scan_failing_pk", ["scan_id", "tool", "control_id"])
    .execute();

  // The rollups of every scan already stored (the same statements as the import's).
  await sql`insert into compliance_scan_frameworks (scan_id, tenant_id, framework, pass, fail, error, total)
    select x.scan_id, x.tenant_id, x.framework,
      sum(case when x.result = 'pass' then 1 else 0 end), sum(case when x.result = 'fail' then 1 else 0 end),
      sum(case when x.result = 'error' then 1 else 0 end), count(*)
    from (select distinct r.id, r.scan_id, r.tenant_id, r.result, m.framework from compliance_results r
      join compliance_scans s on s.id = r.scan_id
      join compliance_mappings m on m.tenant_id = r.tenant_id and m.tool = s.tool and m.control_id = r.control_id
      where m.framework is not null) x
    group by x.scan_id, x.tenant_id, x.framework`.execute(db);
  await sql`insert into compliance_scan_requirements (scan_id, tenant_id, framework, source, requirement, pass, fail, error, total)
    select r.scan_id, r.tenant_id, m.framework, m.source, m.requirement,
      sum(case when r.result = 'pass' then 1 else 0 end), sum(case when r.result = 'fail' then 1 else 0 end),
      sum(case when r.result = 'error' then 1 else 0 end), count(*)
    from compliance_results r
    join compliance_scans s on s.id = r.scan_id
    join compliance_mappings m on m.tenant_id = r.tenant_id and m.tool = s.tool and m.control_id = r.control_id
    where m.framework is not null
    group by r.scan_id, r.tenant_id, m.framework, m.source, m.requirement`.execute(db);
  await sql`insert into compliance_scan_failing (scan_id, tenant_id, tool, control_id, title, severity_rank, failing)
    select r.scan_id, r.tenant_id, s.tool, r.control_id, max(r.title),
      max(case r.severity when 'critical' then 5 when 'high' then 4 when 'medium' then 3 when 'low' then 2 when 'info' then 1 else 0 end),
      count(*)
    from compliance_results r join compliance_scans s on s.id = r.scan_id
    where r.result = 'fail'
    group by r.scan_id, r.tenant_id, s.tool, r.control_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("compliance_scan_failing").execute();
  await db.schema.dropTable("compliance_scan_requirements").execute();
  await db.schema.dropTable("compliance_scan_frameworks").execute();
}
