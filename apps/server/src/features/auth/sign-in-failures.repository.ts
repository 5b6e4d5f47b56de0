import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/tables";
import type { LockoutState } from "./lockout";

type Db = Kysely<DB> | Transaction<DB>;

/** Failed sign-ins of one account from one address (lockout is per account and source). */
export async function findFailures(db: Db, userId: string, source: string): Promise<LockoutState> {
  const row = await db
    .selectFrom("sign_in_failures")
    .selectAll()
    .where("user_id", "=", userId)
    .where("source", "=", source)
    .executeTakeFirst();
  return row
    ? { failedSignIns: row.failed_count, firstFailedAt: row.first_failed_at, lockedUntil: row.locked_until }
    : { failedSignIns: 0, firstFailedAt: null, lockedUntil: null };
}

export async function saveFailures(db: Db, userId: string, source: string, state: LockoutState): Promise<void> {
  const values = {
    failed_count: state.failedSignIns,
    first_failed_at: state.firstFailedAt ?? 0,
    locked_until: state.lockedUntil,
  };
  await db
    .insertInto("sign_in_failures")
    .values({ user_id: userId, source, ...values })
    .onConflict((oc) => oc.columns(["user_id", "source"]).doUpdateSet(values))
    .execute();
}

export async function clearFailures(db: Db, userId: string, source: string): Promise<void> {
  await db.deleteFrom("sign_in_failures").where("user_id", "=", userId).where("source", "=", source).execute();
}

/** An administrator's reset lifts every lock on the account. */
export async function clearSignInFailures(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("sign_in_failures").where("user_id", "=", userId).execute();
}
