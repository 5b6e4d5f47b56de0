import type { EntitledModule } from "@watchfloor/shared";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/** Every entitled module row of these tenants, with the names of who changed or asked for it. */
export async function moduleRows(db: Db, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("tenant_modules as m")
    .innerJoin("tenants as t", "t.id", "m.tenant_id")
    .leftJoin("users as changer", "changer.id", "m.changed_by")
    .leftJoin("users as asker", "asker.id", "m.requested_by")
    .select([
      "m.tenant_id",
      "t.name as tenant_name",
      "m.module",
      "m.enabled",
      "m.changed_at",
      "changer.display_name as changed_by_name",
      "m.requested_at",
      "asker.display_name as requested_by_name",
    ])
    .where("m.tenant_id", "in", [...tenantIds])
    .orderBy("t.name")
    .orderBy("m.module")
    .execute();
}

/** Writes the tenant's row for every entitled module (a new tenant). */
export async function insertModules(
  db: Db,
  tenantId: string,
  states: { module: EntitledModule; enabled: boolean }[],
  at: number,
  by: string | null,
) {
  if (states.length === 0) return;
  await db
    .insertInto("tenant_modules")
    .values(
      states.map((s) => ({
        tenant_id: tenantId,
        module: s.module,
        enabled: s.enabled ? 1 : 0,
        changed_at: s.enabled ? at : null,
        changed_by: s.enabled ? by : null,
        requested_at: null,
        requested_by: null,
      })),
    )
    .execute();
}

export const findModule = (db: Db, tenantId: string, module: EntitledModule) =>
  db.selectFrom("tenant_modules").selectAll().where("tenant_id", "=", tenantId).where("module", "=", module).executeTakeFirst();

/** Switches a module; switching it on also clears a pending request (it has been answered). */
export async function setModule(db: Db, tenantId: string, module: EntitledModule, enabled: boolean, at: number, by: string) {
  const row = {
    enabled: enabled ? 1 : 0,
    changed_at: at,
    changed_by: by,
    ...(enabled ? { requested_at: null, requested_by: null } : {}),
  };
  const result = await db
    .updateTable("tenant_modules")
    .set(row)
    .where("tenant_id", "=", tenantId)
    .where("module", "=", module)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    await db
      .insertInto("tenant_modules")
      .values({ tenant_id: tenantId, module, requested_at: null, requested_by: null, ...row })
      .execute();
  }
}

/** Records a request unless one is pending; true when this call recorded it. */
export async function recordRequest(db: Db, tenantId: string, module: EntitledModule, at: number, by: string): Promise<boolean> {
  const result = await db
    .updateTable("tenant_modules")
    .set({ requested_at: at, requested_by: by })
    .where("tenant_id", "=", tenantId)
    .where("module", "=", module)
    .where("enabled", "=", 0)
    .where("requested_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Platform administrators: the provider's people who answer module requests. */
export async function platformAdminIds(db: Db): Promise<string[]> {
  return (await db.selectFrom("users").select("id").where("platform_admin", "=", 1).execute()).map((r) => r.id);
}
