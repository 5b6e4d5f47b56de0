import type { Kysely } from "kysely";

/**
 * Saved views per list (issue 20): the incidents list saves views too, so each view names the
 * list it belongs to; the existing ones are the alert list's. Frozen schema only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("saved_views")
    .addColumn("list", "text", (c) => c.notNull().defaultTo("alerts"))
    .execute();
}
