import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

export async function getSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("app_settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

export async function putSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto("app_settings")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

export const signupOpen = async (db: Db): Promise<boolean> => (await getSetting(db, "signup_open")) === "true";
