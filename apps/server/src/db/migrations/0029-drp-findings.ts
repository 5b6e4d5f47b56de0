import type { Kysely } from "kysely";

/**
 * DRP findings (issue 18, docs/drp.md): a look-alike domain, a domain carrying a watched brand,
 * or a leaked address of a watched e-mail domain, once per tenant, kind, value and watched
 * asset (a re-import moves last_seen, never adds a row). Evidence is JSON of the first and the
 * latest sighting. No column ever holds a password. Frozen schema only: no feature code is imported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("drp_findings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    // Kept when the watched asset is removed: the finding still says what it was about.
    .addColumn("watched_id", "text", (c) => c.references("drp_watched_assets.id").onDelete("set null"))
    .addColumn("watched_key", "text", (c) => c.notNull())
    .addColumn("watched_kind", "text", (c) => c.notNull())
    .addColumn("watched_value", "text", (c) => c.notNull())
    .addColumn("techniques", "text", (c) => c.notNull())
    .addColumn("confidence", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("first_evidence", "text", (c) => c.notNull())
    .addColumn("last_evidence", "text", (c) => c.notNull())
    .addColumn("sightings", "integer", (c) => c.notNull())
    .addColumn("first_seen", "bigint", (c) => c.notNull())
    .addColumn("last_seen", "bigint", (c) => c.notNull())
    .addColumn("status_changed_at", "bigint")
    .addColumn("status_changed_by", "text")
    .addColumn("status_note", "text")
    .addUniqueConstraint("drp_findings_value_uq", ["tenant_id", "kind", "value", "watched_key"])
    .execute();
  await db.schema.createIndex("drp_findings_list_idx").on("drp_findings").columns(["tenant_id", "last_seen", "id"]).execute();
  await db.schema.createIndex("drp_findings_status_idx").on("drp_findings").columns(["tenant_id", "status"]).execute();
}
