import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/tables";
import { type BreakdownDimension, dimensionColumns } from "./compliance-breakdowns.repository";
import { coveredByException } from "./compliance-exceptions.repository";
import { joined, mappedTo } from "./compliance-results.repository";

type Db = Kysely<DB>;

/** Latest scans of the tenants in scope (the targets list sums them: no result is read). */
export async function latestScans(db: Db, tenantIds: readonly string[], targetKind?: string) {
  if (tenantIds.length === 0) return [];
  let q = db
    .selectFrom("compliance_scans")
    .select([
      "id",
      "tenant_id",
      "tool",
      "target_kind",
      "target_id",
      "target_name",
      "benchmark_id",
      "benchmark_title",
      "scanned_at",
      "results_count",
      "pass_count",
      "fail_count",
      "error_count",
      "fail_severity",
    ])
    .where("tenant_id", "in", [...tenantIds])
    .where("latest", "=", 1);
  if (targetKind) q = q.where("target_kind", "=", targetKind);
  return q.execute();
}

/** What one control checks: its newest text, and its mappings (the tool's, per tenant). */
export async function controlText(db: Db, tenantIds: readonly string[], tool: string, controlId: string) {
  if (tenantIds.length === 0) return undefined;
  return joined(db, tenantIds)
    .where("s.tool", "=", tool)
    .where("r.control_id", "=", controlId)
    .select(["r.title", "r.severity", "r.rationale", "r.remediation"])
    .orderBy("s.scanned_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function controlMappings(db: Db, tenantIds: readonly string[], tool: string, controlId: string) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("compliance_mappings")
    .select(["source", "framework", "requirement"])
    .distinct()
    .where("tenant_id", "in", [...tenantIds])
    .where("tool", "=", tool)
    .where("control_id", "=", controlId)
    .orderBy("source")
    .orderBy("requirement")
    .execute();
}

/** Counts by verdict (excepted apart) over the latest results, grouped by `key` (null: one group). */
export async function tallies(
  db: Db,
  tenantIds: readonly string[],
  now: number,
  options: {
    key?: BreakdownDimension;
    targetKind?: string;
    framework?: string;
    tool?: string;
    controlId?: string;
    /** Which distinct counts to make: resources, or targets and tenants (the others come back 0). */
    spread: "resources" | "targets";
  },
) {
  if (tenantIds.length === 0) return [];
  let q = joined(db, tenantIds).where("s.latest", "=", 1);
  if (options.targetKind) q = q.where("s.target_kind", "=", options.targetKind);
  if (options.tool) q = q.where("s.tool", "=", options.tool);
  if (options.controlId) q = q.where("r.control_id", "=", options.controlId);
  if (options.framework) q = mappedTo(q, options.framework);
  const key = options.key ? dimensionColumns[options.key] : sql<string | null>`null`;
  const covered = coveredByException(now);
  const tallied = q.select((eb) => [
    key.as("key"),
    eb.fn.sum<number>(sql`case when r.result = 'pass' then 1 else 0 end`).as("pass"),
    eb.fn.sum<number>(sql`case when r.result = 'fail' and ${covered} = 0 then 1 else 0 end`).as("fail"),
    eb.fn.sum<number>(sql`case when r.result = 'error' and ${covered} = 0 then 1 else 0 end`).as("error"),
    eb.fn.sum<number>(covered).as("excepted"),
    eb.fn.countAll<number>().as("total"),
    // Distinct counts cost a sort of every row each: only the ones the caller shows are made
    // (a breakdown shows resources, a control its targets and tenants).
    options.spread === "resources"
      ? eb.fn
          .count<number>(
            sql`distinct s.tenant_id || ' ' || s.target_kind || ' ' || s.target_id || ' ' || coalesce(r.resource_id, s.target_id)`,
          )
          .as("resources")
      : sql<number>`0`.as("resources"),
    options.spread === "targets"
      ? eb.fn.count<number>(sql`distinct s.tenant_id || ' ' || s.target_id`).as("targets")
      : sql<number>`0`.as("targets"),
    options.spread === "targets" ? eb.fn.count<number>(sql`distinct s.tenant_id`).as("tenants") : sql<number>`0`.as("tenants"),
  ]);
  // PostgreSQL refuses GROUP BY a constant: without a key, the whole set is one group anyway.
  const rows = await (options.key ? tallied.groupBy(key) : tallied).execute();
  return rows.map((r) => ({
    key: r.key,
    pass: Number(r.pass ?? 0),
    fail: Number(r.fail ?? 0),
    error: Number(r.error ?? 0),
    excepted: Number(r.excepted ?? 0),
    total: Number(r.total ?? 0),
    resources: Number(r.resources ?? 0),
    targets: Number(r.targets ?? 0),
    tenants: Number(r.tenants ?? 0),
  }));
}

const DAY_MS = 86_400_000;

/**
 * The trend's changes per UTC day (days since 1970) up to `until`: each scan adds its counts on
 * its day and takes them back on the day the next scan of the same tool, target and benchmark
 * comes, so summing the days up to D gives the scans that were latest at the end of D. Rows
 * grow with the days that had scans, not with the scans (a daily scanner over a year is 365
 * scans per target). Ties in time go to the later id, as the latest flag does.
 */
export async function trendChanges(db: Db, tenantIds: readonly string[], until: number, targetKind?: string) {
  if (tenantIds.length === 0) return [];
  const kind = targetKind ? sql`and target_kind = ${targetKind}` : sql``;
  const { rows } = await sql<{ day: number | string; pass: number | string; fail: number | string; error: number | string }>`
    with s as (
      select scanned_at, pass_count, fail_count, error_count,
        lead(scanned_at) over (
          partition by tenant_id, tool, target_kind, target_id, benchmark_id order by scanned_at, id
        ) as next_at
      from compliance_scans
      where tenant_id in (${sql.join([...tenantIds])}) and scanned_at <= ${until} ${kind}
    ), changes as (
      select scanned_at / ${sql.lit(DAY_MS)} as day, pass_count as pass, fail_count as fail, error_count as error from s
      union all
      select next_at / ${sql.lit(DAY_MS)}, -pass_count, -fail_count, -error_count from s where next_at is not null
    )
    select day, sum(pass) as pass, sum(fail) as fail, sum(error) as error from changes group by day order by day`.execute(db);
  return rows.map((r) => ({ day: Number(r.day), pass: Number(r.pass), fail: Number(r.fail), error: Number(r.error) }));
}

/** How many targets of the tenants in scope had their first scan on each UTC day up to `until`. */
export async function targetsFirstScanned(db: Db, tenantIds: readonly string[], until: number, targetKind?: string) {
  if (tenantIds.length === 0) return [];
  let firsts = db
    .selectFrom("compliance_scans")
    .select(sql<number>`min(scanned_at) / ${sql.lit(DAY_MS)}`.as("day"))
    .where("tenant_id", "in", [...tenantIds])
    .where("scanned_at", "<=", until);
  if (targetKind) firsts = firsts.where("target_kind", "=", targetKind);
  const rows = await db
    .selectFrom(firsts.groupBy(["tenant_id", "target_kind", "target_id"]).as("f"))
    .select((eb) => ["f.day", eb.fn.countAll<number>().as("n")])
    .groupBy("f.day")
    .orderBy("f.day")
    .execute();
  return rows.map((r) => ({ day: Number(r.day), n: Number(r.n) }));
}
