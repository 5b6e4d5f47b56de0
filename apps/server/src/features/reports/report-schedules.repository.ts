import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { DB, ReportDeliveriesTable, ReportSchedulesTable } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;
export type ScheduleRow = Selectable<ReportSchedulesTable>;
export type DeliveryRow = Selectable<ReportDeliveriesTable>;

export async function insertSchedule(db: Db, row: Insertable<ReportSchedulesTable>, tenantIds: readonly string[]) {
  await db.insertInto("report_schedules").values(row).execute();
  if (tenantIds.length)
    await db
      .insertInto("report_schedule_tenants")
      .values(tenantIds.map((tenant_id) => ({ schedule_id: row.id, tenant_id })))
      .execute();
}

/** Schedules whose every tenant is among `tenantIds` (the caller may read all of them). */
export async function listSchedules(db: Db, tenantIds: readonly string[], only?: string) {
  if (tenantIds.length === 0) return [];
  let query = db
    .selectFrom("report_schedules as s")
    .selectAll("s")
    .where((eb) =>
      eb.and([
        eb.exists(eb.selectFrom("report_schedule_tenants as t").select("t.tenant_id").whereRef("t.schedule_id", "=", "s.id")),
        eb.not(
          eb.exists(
            eb
              .selectFrom("report_schedule_tenants as t")
              .select("t.tenant_id")
              .whereRef("t.schedule_id", "=", "s.id")
              .where("t.tenant_id", "not in", [...tenantIds]),
          ),
        ),
      ]),
    )
    .orderBy("s.created_at", "desc")
    .orderBy("s.id");
  if (only) query = query.where("s.id", "=", only);
  return query.execute();
}

export async function scheduleTenants(db: Db, scheduleIds: readonly string[]) {
  if (scheduleIds.length === 0) return [];
  return db
    .selectFrom("report_schedule_tenants as t")
    .innerJoin("tenants", "tenants.id", "t.tenant_id")
    .select(["t.schedule_id", "t.tenant_id", "tenants.name"])
    .where("t.schedule_id", "in", [...scheduleIds])
    .orderBy("tenants.name")
    .execute();
}

export async function findSchedule(db: Db, id: string) {
  return db.selectFrom("report_schedules").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function setScheduleEnabled(db: Db, id: string, enabled: boolean, nextRunAt: number, now: number) {
  await db
    .updateTable("report_schedules")
    .set({ enabled: enabled ? 1 : 0, next_run_at: nextRunAt, updated_at: now })
    .where("id", "=", id)
    .execute();
}

export async function deleteSchedule(db: Db, id: string) {
  await db.deleteFrom("report_schedules").where("id", "=", id).execute();
}

/** Enabled schedules whose next run is due. */
export async function dueSchedules(db: Db, now: number, limit: number) {
  return db
    .selectFrom("report_schedules")
    .select(["id", "next_run_at", "cadence", "at_time", "weekday", "month_day", "time_zone"])
    .where("enabled", "=", 1)
    .where("next_run_at", "<=", now)
    .orderBy("next_run_at")
    .limit(limit)
    .execute();
}

/** Moves a schedule's next run on if it still is `due` (another server may have done it); true for the mover. */
export async function advanceSchedule(db: Db, id: string, due: number, next: number): Promise<boolean> {
  const result = await db
    .updateTable("report_schedules")
    .set({ next_run_at: next })
    .where("id", "=", id)
    .where("next_run_at", "=", due)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markScheduleRun(db: Db, id: string, at: number) {
  await db.updateTable("report_schedules").set({ last_run_at: at }).where("id", "=", id).execute();
}

/** One delivery per schedule and due time; false when it exists already. */
export async function insertDelivery(db: Db, row: Insertable<ReportDeliveriesTable>): Promise<boolean> {
  const result = await db
    .insertInto("report_deliveries")
    .values(row)
    .onConflict((oc) => oc.columns(["schedule_id", "due_at"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findDelivery(db: Db, id: string) {
  return db.selectFrom("report_deliveries").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function updateDelivery(
  db: Db,
  id: string,
  change: { status: string; attempts?: number; lastError?: string | null; sentAt?: number | null },
) {
  await db
    .updateTable("report_deliveries")
    .set({
      status: change.status,
      ...(change.attempts !== undefined ? { attempts: change.attempts } : {}),
      ...(change.lastError !== undefined ? { last_error: change.lastError } : {}),
      ...(change.sentAt !== undefined ? { sent_at: change.sentAt } : {}),
    })
    .where("id", "=", id)
    .execute();
}

/** The latest `perSchedule` deliveries of each schedule, newest first (a query each: schedules are few). */
export async function latestDeliveries(db: Db, scheduleIds: readonly string[], perSchedule: number) {
  const lists = await Promise.all(
    scheduleIds.map((id) =>
      db
        .selectFrom("report_deliveries")
        .selectAll()
        .where("schedule_id", "=", id)
        .orderBy("due_at", "desc")
        .limit(perSchedule)
        .execute(),
    ),
  );
  return lists.flat();
}
