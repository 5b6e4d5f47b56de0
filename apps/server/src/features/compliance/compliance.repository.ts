import { type Kysely, sql } from "kysely";
import type { ComplianceFailingQuery } from "@watchfloor/shared";
import type { DB } from "../../db/tables";
import { coveredByException } from "./compliance-exceptions.repository";

type Db = Kysely<DB>;

export interface ScanFilter {
  targetKind?: string;
  targetId?: string;
  tool?: string;
  latest?: boolean;
  before?: { at: number; id: string };
}

/** Scans of the tenants in scope, newest first, keyset-paged on (scanned_at, id). */
export async function listScans(db: Db, tenantIds: readonly string[], filter: ScanFilter, limit: number) {
  if (tenantIds.length === 0) return [];
  let q = db
    .selectFrom("compliance_scans")
    .selectAll()
    .where("tenant_id", "in", [...tenantIds]);
  if (filter.targetKind) q = q.where("target_kind", "=", filter.targetKind);
  if (filter.targetId) q = q.where("target_id", "=", filter.targetId);
  if (filter.tool) q = q.where("tool", "=", filter.tool);
  if (filter.latest !== undefined) q = q.where("latest", "=", filter.latest ? 1 : 0);
  const before = filter.before;
  if (before)
    q = q.where((eb) =>
      eb.or([eb("scanned_at", "<", before.at), eb.and([eb("scanned_at", "=", before.at), eb("id", "<", before.id)])]),
    );
  return q.orderBy("scanned_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

export async function findScan(db: Db, tenantIds: readonly string[], id: string) {
  if (tenantIds.length === 0) return undefined;
  return db
    .selectFrom("compliance_scans")
    .selectAll()
    .where("tenant_id", "in", [...tenantIds])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The scan of the same tenant, tool, target and benchmark just before this one. */
export async function previousScan(
  db: Db,
  scan: {
    tenant_id: string;
    tool: string;
    target_kind: string;
    target_id: string;
    benchmark_id: string;
    scanned_at: number;
    id: string;
  },
) {
  return db
    .selectFrom("compliance_scans")
    .selectAll()
    .where("tenant_id", "=", scan.tenant_id)
    .where("tool", "=", scan.tool)
    .where("target_kind", "=", scan.target_kind)
    .where("target_id", "=", scan.target_id)
    .where("benchmark_id", "=", scan.benchmark_id)
    .where((eb) =>
      eb.or([eb("scanned_at", "<", scan.scanned_at), eb.and([eb("scanned_at", "=", scan.scanned_at), eb("id", "<", scan.id)])]),
    )
    .orderBy("scanned_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function scanResults(db: Db, tenantId: string, scanId: string) {
  return db
    .selectFrom("compliance_results")
    .select(["control_id", "resource_id", "title", "severity", "result"])
    .where("tenant_id", "=", tenantId)
    .where("scan_id", "=", scanId)
    .execute();
}

/**
 * Results of the latest scans joined to the tools' mappings with a framework id: one row per
 * framework, label and requirement with its result counts.
 */
export async function requirementCounts(
  db: Db,
  tenantIds: readonly string[],
  now: number,
  framework?: string,
  targetKind?: string,
) {
  if (tenantIds.length === 0) return [];
  const covered = coveredByException(now);
  let q = db
    .selectFrom("compliance_results as r")
    .innerJoin("compliance_scans as s", "s.id", "r.scan_id")
    .innerJoin("compliance_mappings as m", (join) =>
      join.onRef("m.tenant_id", "=", "r.tenant_id").onRef("m.tool", "=", "s.tool").onRef("m.control_id", "=", "r.control_id"),
    )
    .where("r.tenant_id", "in", [...tenantIds])
    .where("s.tenant_id", "in", [...tenantIds])
    .where("s.latest", "=", 1)
    .where("m.framework", "is not", null);
  if (framework) q = q.where("m.framework", "=", framework);
  if (targetKind) q = q.where("s.target_kind", "=", targetKind);
  const rows = await q
    .select((eb) => [
      "m.framework",
      "m.source",
      "m.requirement",
      eb.fn.count<number>(sql`distinct r.control_id`).as("controls"),
      eb.fn.sum<number>(eb.case().when("r.result", "=", "pass").then(1).else(0).end()).as("pass"),
      eb.fn.sum<number>(sql`case when r.result = 'fail' and ${covered} = 0 then 1 else 0 end`).as("fail"),
      eb.fn.sum<number>(sql`case when r.result = 'error' and ${covered} = 0 then 1 else 0 end`).as("error"),
      eb.fn.sum<number>(covered).as("excepted"),
      eb.fn.countAll<number>().as("total"),
    ])
    .groupBy(["m.framework", "m.source", "m.requirement"])
    .execute();
  return rows.map((r) => ({
    framework: r.framework as string,
    source: r.source,
    requirement: r.requirement,
    controls: Number(r.controls),
    pass: Number(r.pass),
    fail: Number(r.fail),
    error: Number(r.error),
    excepted: Number(r.excepted),
    total: Number(r.total),
  }));
}

/** Results of the latest scans counted once per framework they map to, by verdict. */
export async function frameworkResultCounts(db: Db, tenantIds: readonly string[], now: number, targetKind?: string) {
  if (tenantIds.length === 0) return [];
  // The verdict and exception flag are worked out per result first: PostgreSQL cannot group by an
  // expression holding a parameter (each use is a new parameter).
  let perResult = db
    .selectFrom("compliance_results as r")
    .innerJoin("compliance_scans as s", "s.id", "r.scan_id")
    .innerJoin("compliance_mappings as m", (join) =>
      join.onRef("m.tenant_id", "=", "r.tenant_id").onRef("m.tool", "=", "s.tool").onRef("m.control_id", "=", "r.control_id"),
    )
    .where("r.tenant_id", "in", [...tenantIds])
    .where("s.tenant_id", "in", [...tenantIds])
    .where("s.latest", "=", 1)
    .where("m.framework", "is not", null)
    .select(["m.framework", "r.id", coveredByException(now).as("excepted"), "r.result"]);
  if (targetKind) perResult = perResult.where("s.target_kind", "=", targetKind);
  const rows = await db
    .selectFrom(perResult.as("x"))
    // A result mapped to several requirements (or versions) of one framework counts once in it.
    .select((eb) => ["x.framework", "x.result", "x.excepted", eb.fn.count<number>(sql`distinct x.id`).as("n")])
    .groupBy(["x.framework", "x.result", "x.excepted"])
    .execute();
  return rows.map((r) => ({
    framework: r.framework as string,
    result: Number(r.excepted) === 1 ? "excepted" : r.result,
    n: Number(r.n),
  }));
}

const severityRank = sql<number>`case r.severity when 'critical' then 5 when 'high' then 4 when 'medium' then 3 when 'low' then 2 when 'info' then 1 else 0 end`;

/** Controls failing in the latest scans, most severe and widespread first. */
export async function failingControls(db: Db, tenantIds: readonly string[], query: ComplianceFailingQuery, now: number) {
  if (tenantIds.length === 0) return { rows: [], total: 0 };
  const covered = coveredByException(now);
  let q = db
    .selectFrom("compliance_results as r")
    .innerJoin("compliance_scans as s", "s.id", "r.scan_id")
    .where("r.tenant_id", "in", [...tenantIds])
    .where("s.tenant_id", "in", [...tenantIds])
    .where("s.latest", "=", 1)
    .where("r.result", "=", "fail");
  if (query.targetKind) q = q.where("s.target_kind", "=", query.targetKind);
  if (query.severity) q = q.where("r.severity", "=", query.severity);
  const framework = query.framework;
  if (framework) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("compliance_mappings as m")
          .select("m.control_id")
          .whereRef("m.tenant_id", "=", "r.tenant_id")
          .whereRef("m.tool", "=", "s.tool")
          .whereRef("m.control_id", "=", "r.control_id")
          .where("m.framework", "=", framework),
      ),
    );
  }
  const grouped = q
    .select((eb) => [
      "s.tool",
      "r.control_id",
      eb.fn.max("r.title").as("title"),
      eb.fn.max(severityRank).as("rank"),
      eb.fn.sum<number>(sql`1 - ${covered}`).as("failing"),
      eb.fn.sum<number>(covered).as("excepted"),
      eb.fn.count<number>(sql`distinct case when ${covered} = 0 then s.tenant_id || ' ' || s.target_id end`).as("targets"),
    ])
    .groupBy(["s.tool", "r.control_id"])
    // Controls whose every failure is excepted are not failing.
    .having(sql`sum(1 - ${covered})`, ">", 0);
  const [rows, total] = await Promise.all([
    grouped
      .orderBy("rank", "desc")
      .orderBy("failing", "desc")
      .orderBy("s.tool")
      .orderBy("r.control_id")
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    db
      .selectFrom(grouped.as("g"))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({
      tool: r.tool,
      controlId: r.control_id,
      title: r.title,
      rank: Number(r.rank),
      failing: Number(r.failing),
      excepted: Number(r.excepted),
      targets: Number(r.targets),
    })),
    total: Number(total?.n ?? 0),
  };
}

/** The mappings of one framework in scope: which requirements each tool's control speaks to. */
export async function frameworkRequirements(db: Db, tenantIds: readonly string[], framework: string) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("compliance_mappings")
    .select(["tool", "control_id", "source", "requirement"])
    .distinct()
    .where("tenant_id", "in", [...tenantIds])
    .where("framework", "=", framework)
    .orderBy("source")
    .orderBy("requirement")
    .execute();
}
