import type { Kysely } from "kysely";

/** ATT&CK techniques and sub-techniques imported from the official STIX bundles. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("attack_techniques")
    .addColumn("stix_id", "text", (c) => c.primaryKey())
    .addColumn("technique_id", "text", (c) => c.notNull())
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("tactics", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("is_subtechnique", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("parent_id", "text")
    .addColumn("revoked", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("deprecated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("version", "text")
    .addColumn("modified", "text")
    .addColumn("url", "text")
    .execute();
  await db.schema.createIndex("attack_techniques_id_idx").on("attack_techniques").columns(["technique_id", "domain"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("attack_techniques").ifExists().execute();
}
