import type { Kysely, Transaction } from "kysely";
import type { CtemScopeSnapshotsTable, CtemScopesTable, CtemTasksTable, CtemValidationsTable, DB } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/** Scopes in scope, newest first, with the owner's name; one when `scopeId` is given. */
export async function scopes(db: Db, tenantIds: readonly string[], scopeId?: string) {
  if (tenantIds.length === 0) return [];
  let query = db
    .selectFrom("ctem_scopes as s")
    .leftJoin("users as u", "u.id", "s.owner_user_id")
    .selectAll("s")
    .select("u.display_name as owner_name")
    .where("s.tenant_id", "in", [...tenantIds]);
  if (scopeId) query = query.where("s.id", "=", scopeId);
  return query.orderBy("s.created_at", "desc").orderBy("s.id").limit(200).execute();
}
export type ScopeRow = Awaited<ReturnType<typeof scopes>>[number];

export async function insertScope(db: Db, row: CtemScopesTable): Promise<void> {
  await db.insertInto("ctem_scopes").values(row).execute();
}

/** Every scope of every tenant, for the daily snapshot. */
export async function scopesWithoutSnapshot(db: Db, day: number) {
  return db
    .selectFrom("ctem_scopes as s")
    .select(["s.id", "s.tenant_id"])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("ctem_scope_snapshots as n")
            .select("n.scope_id")
            .whereRef("n.scope_id", "=", "s.id")
            .where("n.day", "=", day),
        ),
      ),
    )
    .execute();
}

export async function validations(db: Db, tenantId: string, keys: readonly string[]) {
  const out: CtemValidationsTable[] = [];
  for (let i = 0; i < keys.length; i += 500)
    out.push(
      ...(await db
        .selectFrom("ctem_validations")
        .selectAll()
        .where("tenant_id", "=", tenantId)
        .where("exposure_key", "in", keys.slice(i, i + 500))
        .execute()),
    );
  return out;
}

/** The exposure's validation now (the audit log keeps the history). */
export async function upsertValidation(db: Db, row: CtemValidationsTable): Promise<void> {
  await db
    .insertInto("ctem_validations")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["tenant_id", "exposure_key"]).doUpdateSet({
        state: row.state,
        evidence: row.evidence,
        source: row.source,
        by_user_id: row.by_user_id,
        by_name: row.by_name,
        at: row.at,
      }),
    )
    .execute();
}

export async function insertTask(db: Db, row: CtemTasksTable, findingIds: readonly string[]): Promise<void> {
  await db.insertInto("ctem_tasks").values(row).execute();
  for (let i = 0; i < findingIds.length; i += 500)
    await db
      .insertInto("ctem_task_findings")
      .values(findingIds.slice(i, i + 500).map((finding_id) => ({ task_id: row.id, finding_id, tenant_id: row.tenant_id })))
      .execute();
}

/** A scope's tasks with their owners' names and linked finding ids. */
export async function tasksOf(db: Db, tenantIds: readonly string[], scopeId: string) {
  if (tenantIds.length === 0) return { tasks: [], links: [] };
  const tasks = await db
    .selectFrom("ctem_tasks as t")
    .leftJoin("users as u", "u.id", "t.owner_user_id")
    .selectAll("t")
    .select("u.display_name as owner_name")
    .where("t.tenant_id", "in", [...tenantIds])
    .where("t.scope_id", "=", scopeId)
    .orderBy("t.created_at", "desc")
    .orderBy("t.id")
    .execute();
  const links =
    tasks.length === 0
      ? []
      : await db
          .selectFrom("ctem_task_findings")
          .select(["task_id", "finding_id"])
          .where("tenant_id", "in", [...tenantIds])
          .where(
            "task_id",
            "in",
            tasks.map((t) => t.id),
          )
          .execute();
  return { tasks, links };
}

export async function upsertSnapshot(db: Db, row: CtemScopeSnapshotsTable): Promise<void> {
  await db
    .insertInto("ctem_scope_snapshots")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["scope_id", "day"]).doUpdateSet({ score: row.score, exposures: row.exposures, taken_at: row.taken_at }),
    )
    .execute();
}

export async function snapshotsSince(db: Db, tenantIds: readonly string[], scopeId: string, since: number) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("ctem_scope_snapshots")
    .select(["day", "score"])
    .where("tenant_id", "in", [...tenantIds])
    .where("scope_id", "=", scopeId)
    .where("day", ">=", since)
    .orderBy("day")
    .execute();
}

export async function updateScope(
  db: Db,
  tenantId: string,
  scopeId: string,
  changes: Partial<Pick<CtemScopesTable, "name" | "owner_user_id" | "business_impact" | "rule">>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable("ctem_scopes").set(changes).where("tenant_id", "=", tenantId).where("id", "=", scopeId).execute();
}

/**
 * A scope and what hangs off it: its tasks with their finding links, and its snapshots. Stated
 * here rather than left to the foreign keys' cascades so the delete does not depend on them.
 * Validations belong to exposures (tenant-wide, docs/ctem.md) and stay. Answers the tasks removed.
 */
export async function deleteScope(db: Db, tenantId: string, scopeId: string): Promise<number> {
  const tasks = db.selectFrom("ctem_tasks").select("id").where("tenant_id", "=", tenantId).where("scope_id", "=", scopeId);
  await db.deleteFrom("ctem_task_findings").where("tenant_id", "=", tenantId).where("task_id", "in", tasks).execute();
  const removed = await db.deleteFrom("ctem_tasks").where("tenant_id", "=", tenantId).where("scope_id", "=", scopeId).execute();
  await db.deleteFrom("ctem_scope_snapshots").where("tenant_id", "=", tenantId).where("scope_id", "=", scopeId).execute();
  await db.deleteFrom("ctem_scopes").where("tenant_id", "=", tenantId).where("id", "=", scopeId).execute();
  return removed.reduce((n, r) => n + Number(r.numDeletedRows), 0);
}

/** One task of a scope, with its owner's name and how many findings it links. */
export async function task(db: Db, tenantId: string, scopeId: string, taskId: string) {
  return db
    .selectFrom("ctem_tasks as t")
    .select(["t.id", "t.title", "t.owner_user_id", "t.due_at"])
    .select((eb) =>
      eb
        .selectFrom("ctem_task_findings as l")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("l.task_id", "=", "t.id")
        .as("findings"),
    )
    .where("t.tenant_id", "=", tenantId)
    .where("t.scope_id", "=", scopeId)
    .where("t.id", "=", taskId)
    .executeTakeFirst();
}

export async function updateTask(
  db: Db,
  tenantId: string,
  taskId: string,
  changes: Partial<Pick<CtemTasksTable, "title" | "owner_user_id" | "due_at">>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable("ctem_tasks").set(changes).where("tenant_id", "=", tenantId).where("id", "=", taskId).execute();
}

/** A task and its finding links (the findings themselves stay). */
export async function deleteTask(db: Db, tenantId: string, taskId: string): Promise<void> {
  await db.deleteFrom("ctem_task_findings").where("tenant_id", "=", tenantId).where("task_id", "=", taskId).execute();
  await db.deleteFrom("ctem_tasks").where("tenant_id", "=", tenantId).where("id", "=", taskId).execute();
}
