import type { Kysely } from "kysely";

/** DRP watched brand assets per tenant (issue 18). Frozen schema only: no feature code is imported. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("drp_watched_assets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addUniqueConstraint("drp_watched_assets_value_uq", ["tenant_id", "kind", "value"])
    .execute();
}
