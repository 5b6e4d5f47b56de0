import type { Kysely } from "kysely";
import type { DB } from "../../db/tables";

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
