import type { EntitledModule } from "@watchfloor/shared";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Which of `tenantIds` have `module` switched on. The guard narrows a module route's scope with
 * it (auth-guard.ts); it lives beside the guard so that http/ imports no feature, and the
 * tenants feature reads entitlements through it too.
 */
export async function tenantsWithModule(db: Db, tenantIds: readonly string[], module: EntitledModule): Promise<string[]> {
  if (tenantIds.length === 0) return [];
  const rows = await db
    .selectFrom("tenant_modules")
    .select("tenant_id")
    .where("tenant_id", "in", [...tenantIds])
    .where("module", "=", module)
    .where("enabled", "=", 1)
    .execute();
  return rows.map((r) => r.tenant_id);
}
