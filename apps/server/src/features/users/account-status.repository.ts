import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

// What administrators see of people's account security in member lists.

/** Which users (of those given) have a confirmed second factor, for the members list. */
export async function usersWithFactors(db: Db, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("user_factors")
    .select("user_id")
    .distinct()
    .where("user_id", "in", [...userIds])
    .where("confirmed_at", "is not", null)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** The latest lock still in force on an account from any address, for the members list. */
export async function lockedUntilOf(db: Db, userIds: readonly string[], now: number): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("sign_in_failures")
    .select(["user_id", (eb) => eb.fn.max("locked_until").as("until")])
    .where("user_id", "in", [...userIds])
    .where("locked_until", ">", now)
    .groupBy("user_id")
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.until)]));
}
