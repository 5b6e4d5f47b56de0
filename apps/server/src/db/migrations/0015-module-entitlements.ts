import { type Kysely, sql } from "kysely";

/**
 * Module entitlements (issue 18): which tenant has which switchable module, since when and by
 * whom, and members' requests for the ones they lack. Before this, a JSON list on the tenant
 * held every module and a tenant's own owner could change it. Frozen schema and copy: no
 * feature code is imported.
 */
// The modules a provider switches per tenant as of this migration (packages/shared enums.ts).
const ENTITLED = ["compliance", "automation", "vm", "mdr", "drp", "cloud-sec", "ctem"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tenant_modules")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("module", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("changed_at", "bigint")
    .addColumn("changed_by", "text")
    .addColumn("requested_at", "bigint")
    .addColumn("requested_by", "text")
    .addPrimaryKeyConstraint("tenant_modules_pk", ["tenant_id", "module"])
    .execute();

  const tenants = await sql<{ id: string; modules: string }>`select id, modules from tenants`.execute(db);
  for (const tenant of tenants.rows) {
    let listed: unknown = [];
    try {
      listed = JSON.parse(tenant.modules);
    } catch {
      listed = [];
    }
    const on = new Set(Array.isArray(listed) ? listed : []);
    for (const module of ENTITLED) {
      await sql`insert into tenant_modules (tenant_id, module, enabled) values (${tenant.id}, ${module}, ${on.has(module) ? 1 : 0})`.execute(
        db,
      );
    }
  }
  await db.schema.alterTable("tenants").dropColumn("modules").execute();
}
