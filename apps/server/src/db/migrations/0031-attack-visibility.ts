import type { Kysely } from "kysely";

/**
 * What each ATT&CK technique's detections need (issue 17, MDR detection coverage; docs/mdr.md):
 * the catalogue's data components, and per technique the analytics of its detection strategies
 * with the data components each reads. A client's data sources supply components (set per source
 * in `mdr_sources.components`, or the documented defaults), which makes techniques visible.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("attack_data_components")
    .addColumn("component_id", "text", (c) => c.primaryKey())
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("attack_detection_paths")
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("technique_id", "text", (c) => c.notNull())
    .addColumn("analytic_id", "text", (c) => c.notNull())
    .addColumn("component_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("attack_detection_paths_pk", ["technique_id", "analytic_id", "component_id"])
    .execute();
  await db.schema.createIndex("attack_detection_paths_component").on("attack_detection_paths").column("component_id").execute();
  await db.schema.alterTable("mdr_sources").addColumn("components", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mdr_sources").dropColumn("components").execute();
  await db.schema.dropTable("attack_detection_paths").execute();
  await db.schema.dropTable("attack_data_components").execute();
}
