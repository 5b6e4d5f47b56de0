import type { Kysely, Transaction } from "kysely";
import type { DB, SavedViewsTable } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/** A person's saved list views (of one list, or all), by name. */
export function listSavedViews(db: Db, userId: string, list?: string) {
  let query = db.selectFrom("saved_views").selectAll().where("user_id", "=", userId);
  if (list) query = query.where("list", "=", list);
  return query.orderBy("name").execute();
}

export async function insertSavedView(db: Db, row: SavedViewsTable): Promise<void> {
  await db.insertInto("saved_views").values(row).execute();
}

/** Deletes one of the person's own views; false when they have none with that id. */
export async function deleteSavedView(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom("saved_views").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
