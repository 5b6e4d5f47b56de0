import type { Kysely, Transaction } from "kysely";
import type { DB, IncidentsTable } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

export async function nextIncidentNumber(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom("incidents")
    .select((eb) => eb.fn.max("number").as("n"))
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

export async function insertIncident(db: Db, incident: IncidentsTable): Promise<void> {
  await db.insertInto("incidents").values(incident).execute();
}

/** Incidents with their tenant's name and slug, the owner's name and the number of linked alerts. */
export const incidentsWithNames = (db: Db) =>
  db
    .selectFrom("incidents")
    .innerJoin("tenants", "tenants.id", "incidents.tenant_id")
    .leftJoin("users", "users.id", "incidents.owner_user_id")
    .selectAll("incidents")
    .select(["tenants.name as tenant_name", "tenants.slug as tenant_slug", "users.display_name as owner_name"])
    .select((eb) =>
      eb
        .selectFrom("alerts")
        .select((e) => e.fn.countAll<number>().as("c"))
        .whereRef("alerts.incident_id", "=", "incidents.id")
        .as("alert_count"),
    );

export const findIncident = (db: Db, tenantIds: readonly string[], id: string) =>
  tenantIds.length === 0
    ? Promise.resolve(undefined)
    : incidentsWithNames(db)
        .where("incidents.id", "=", id)
        .where("incidents.tenant_id", "in", [...tenantIds])
        .executeTakeFirst();

export async function updateIncident(db: Db, id: string, changes: Partial<IncidentsTable>): Promise<void> {
  await db.updateTable("incidents").set(changes).where("id", "=", id).execute();
}

export const linkedAlerts = (db: Db, tenantId: string, incidentId: string) =>
  db
    .selectFrom("alerts")
    .select(["id", "name", "priority", "status", "detected_at", "source"])
    .where("tenant_id", "=", tenantId)
    .where("incident_id", "=", incidentId)
    .orderBy("detected_at", "desc")
    .limit(500)
    .execute();

export async function linkAlerts(db: Db, tenantId: string, incidentId: string, alertIds: string[], at: number): Promise<void> {
  await db
    .updateTable("alerts")
    .set({ incident_id: incidentId, escalated_at: at, updated_at: at })
    .where("tenant_id", "=", tenantId)
    .where("id", "in", alertIds)
    .execute();
}
