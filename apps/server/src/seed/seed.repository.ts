import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/** The demo tenants (slugs tenant-a ... tenant-e), in order. */
export const demoTenants = (db: Db) =>
  db.selectFrom("tenants").select(["id", "slug"]).where("slug", "like", "tenant-%").orderBy("slug").execute();

export const anyAlert = (db: Db) => db.selectFrom("alerts").select("id").limit(1).executeTakeFirst();

/** The newest open critical and high alerts of a tenant since `since`, to escalate into demo incidents. */
export const urgentOpenAlerts = (db: Db, tenantId: string, since: number, limit: number) =>
  db
    .selectFrom("alerts")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("priority", "in", ["Critical", "High"])
    .where("status", "in", ["Open", "Acknowledged", "In Progress"])
    .where("detected_at", ">", since)
    .orderBy("detected_at", "desc")
    .limit(limit)
    .execute();
