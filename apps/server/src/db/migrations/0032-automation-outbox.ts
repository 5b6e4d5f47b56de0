import type { Kysely } from "kysely";

/**
 * The automation outbox (issue 16, docs/automation.md "How rules run"): a domain event is a row
 * written in the transaction of the change it reports, so the change and its event commit
 * together or not at all. An engine claims rows for a while (claimed_by, claimed_until), answers
 * them and deletes them; a claim that runs out (its server died) is taken over by another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("automation_outbox")
    // UUIDv7: claims take the oldest first by walking the key.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    // JSON array of the subjects' ids; one row per ingest chunk, not per alert.
    .addColumn("ids", "text", (c) => c.notNull())
    // JSON array of the changed fields (".changed" events), else null.
    .addColumn("changed", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("claimed_by", "text")
    .addColumn("claimed_until", "bigint")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("automation_outbox").execute();
}
