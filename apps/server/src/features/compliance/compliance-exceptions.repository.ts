import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import type { ComplianceExceptionsTable, DB } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Exception `e` names result `r` of scan `s` (the aliases every compliance read uses): the same
 * tenant, tool and control, and its target (kind and id) and resource when it names them.
 */
export const exceptionNames = sql<boolean>`(e.tenant_id = s.tenant_id and e.tool = s.tool and e.control_id = r.control_id
  and (e.target_id is null or (e.target_kind = s.target_kind and e.target_id = s.target_id))
  and (e.resource_id is null or e.resource_id = r.resource_id))`;

/** Exception `e` is in force at `now`: not revoked, not expired. */
export const exceptionInForce = (now: number) => sql<boolean>`(e.revoked_at is null and e.expires_at > ${now})`;

/** The exception in force covering a failing or erroring result, or null. */
export function coveringException(now: number) {
  return sql<string | null>`(case when r.result in ('fail', 'error') then (
    select min(e.id) from compliance_exceptions e where ${exceptionNames} and ${exceptionInForce(now)}
  ) end)`;
}

/** 1 for a failing or erroring result an exception in force covers, else 0. */
export function coveredByException(now: number) {
  return sql<number>`(case when r.result in ('fail', 'error') and exists (
    select 1 from compliance_exceptions e where ${exceptionNames} and ${exceptionInForce(now)}
  ) then 1 else 0 end)`;
}

/**
 * Failing and erroring results of the latest scans of the tenants in scope under an exception
 * in force, joined as `e`, `r` and `s`, for the caller's select. Exceptions are few: this reads
 * through them, not through the results.
 */
export function latestUnderException(db: Db, tenantIds: readonly string[], now: number, targetKind?: string) {
  let q = db
    .selectFrom("compliance_exceptions as e")
    .innerJoin("compliance_results as r", (join) =>
      join.onRef("r.tenant_id", "=", "e.tenant_id").onRef("r.control_id", "=", "e.control_id"),
    )
    .innerJoin("compliance_scans as s", (join) => join.onRef("s.id", "=", "r.scan_id").onRef("s.tool", "=", "e.tool"))
    .where("e.tenant_id", "in", [...tenantIds])
    .where(exceptionInForce(now))
    .where(exceptionNames)
    .where("s.latest", "=", 1)
    .where("r.result", "in", ["fail", "error"]);
  if (targetKind) q = q.where("s.target_kind", "=", targetKind);
  return q;
}

export async function insertException(db: Db, row: Insertable<ComplianceExceptionsTable>): Promise<void> {
  await db.insertInto("compliance_exceptions").values(row).execute();
}

export interface ExceptionFilter {
  state?: "active" | "expired" | "revoked";
  tool?: string;
  controlId?: string;
}

/** Exceptions of the tenants in scope with the failing results they cover now; newest first. */
export async function listExceptions(db: Db, tenantIds: readonly string[], filter: ExceptionFilter, now: number) {
  if (tenantIds.length === 0) return [];
  let q = db
    .selectFrom("compliance_exceptions as e")
    .selectAll("e")
    .select(
      sql<number>`(select count(*) from compliance_results r join compliance_scans s on s.id = r.scan_id
        where r.tenant_id = e.tenant_id and r.control_id = e.control_id and s.latest = 1
          and r.result in ('fail', 'error') and ${exceptionNames})`.as("covers"),
    )
    .where("e.tenant_id", "in", [...tenantIds]);
  if (filter.tool) q = q.where("e.tool", "=", filter.tool);
  if (filter.controlId) q = q.where("e.control_id", "=", filter.controlId);
  if (filter.state === "revoked") q = q.where("e.revoked_at", "is not", null);
  if (filter.state === "active") q = q.where("e.revoked_at", "is", null).where("e.expires_at", ">", now);
  if (filter.state === "expired") q = q.where("e.revoked_at", "is", null).where("e.expires_at", "<=", now);
  return q.orderBy("e.created_at", "desc").orderBy("e.id", "desc").limit(1000).execute();
}

export async function findException(db: Db, tenantIds: readonly string[], id: string) {
  if (tenantIds.length === 0) return undefined;
  return db
    .selectFrom("compliance_exceptions")
    .selectAll()
    .where("tenant_id", "in", [...tenantIds])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Revokes an exception still in force; false when it was revoked or had expired already. */
export async function revokeException(db: Db, id: string, at: number, byName: string): Promise<boolean> {
  const done = await db
    .updateTable("compliance_exceptions")
    .set({ revoked_at: at, revoked_by_name: byName })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", at)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** Exceptions that have expired and whose expiry nobody was told about yet. */
export async function dueExpiredExceptions(db: Db, now: number, limit: number) {
  return db
    .selectFrom("compliance_exceptions")
    .selectAll()
    .where("expiry_notified_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", "<=", now)
    .orderBy("expires_at")
    .limit(limit)
    .execute();
}

/** Marks an expiry as told; false when another server claimed it first. */
export async function claimExpiryNotified(db: Db, id: string, at: number): Promise<boolean> {
  const done = await db
    .updateTable("compliance_exceptions")
    .set({ expiry_notified_at: at })
    .where("id", "=", id)
    .where("expiry_notified_at", "is", null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** The control's title and whether the tenant has a result for it (an exception names a control that exists). */
export async function controlTitle(db: Db, tenantId: string, tool: string, controlId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("compliance_results as r")
    .innerJoin("compliance_scans as s", "s.id", "r.scan_id")
    .select("r.title")
    .where("r.tenant_id", "=", tenantId)
    .where("r.control_id", "=", controlId)
    .where("s.tool", "=", tool)
    .orderBy("s.scanned_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.title;
}
