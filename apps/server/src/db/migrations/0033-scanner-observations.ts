import type { Kysely } from "kysely";

/**
 * Informational scanner results kept with `--include-info` (issue 20; docs/vulnerabilities.md,
 * "Informational results"): an open port, a service banner, a detected technology. They are not
 * vulnerabilities, so they live apart from `findings` and count in no risk or SLA figure; the
 * attack surface shows the ports they name. One row per scanner result, asset and port; a full
 * scan of an asset that no longer reports one marks it gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("scanner_observations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("asset_id", "text", (c) => c.notNull().references("assets.id").onDelete("cascade"))
    .addColumn("scanner", "text", (c) => c.notNull())
    .addColumn("result_id", "text", (c) => c.notNull())
    // 0 for a result about the whole host: the unique key below cannot hold NULLs on both databases.
    .addColumn("port", "integer", (c) => c.notNull())
    .addColumn("protocol", "text", (c) => c.notNull())
    .addColumn("service", "text")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("evidence", "text")
    .addColumn("raw", "text")
    .addColumn("first_seen", "bigint", (c) => c.notNull())
    .addColumn("last_seen", "bigint", (c) => c.notNull())
    .addColumn("last_import_id", "text", (c) => c.notNull())
    .addColumn("gone_at", "bigint")
    .addUniqueConstraint("scanner_observations_key", ["tenant_id", "asset_id", "scanner", "result_id", "port", "protocol"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("scanner_observations").execute();
}
