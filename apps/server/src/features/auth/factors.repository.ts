import type { Insertable, Kysely, Transaction } from "kysely";
import type { DB, UserFactorsTable } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

export async function insertFactor(db: Db, factor: Insertable<UserFactorsTable>): Promise<void> {
  await db.insertInto("user_factors").values(factor).execute();
}

/** Confirmed factors of a user (unconfirmed ones are enrolments in progress). */
export const confirmedFactors = (db: Db, userId: string) =>
  db
    .selectFrom("user_factors")
    .selectAll()
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .orderBy("created_at")
    .execute();

export const findFactor = (db: Db, userId: string, id: string) =>
  db.selectFrom("user_factors").selectAll().where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();

export const findPasskey = (db: Db, userId: string, credentialId: string) =>
  db
    .selectFrom("user_factors")
    .selectAll()
    .where("user_id", "=", userId)
    .where("kind", "=", "passkey")
    .where("credential_id", "=", credentialId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();

export async function confirmFactor(db: Db, id: string, at: number, lastTotpStep: number | null): Promise<void> {
  await db
    .updateTable("user_factors")
    .set({ confirmed_at: at, last_used_at: at, last_totp_step: lastTotpStep })
    .where("id", "=", id)
    .execute();
}

/**
 * Records a TOTP use; false when that time step (or a later one) was already used, so one code
 * cannot be replayed within its window.
 */
export async function useTotpStep(db: Db, id: string, step: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable("user_factors")
    .set({ last_totp_step: step, last_used_at: at })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_totp_step", "is", null), eb("last_totp_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function usePasskey(db: Db, id: string, signCount: number, at: number): Promise<void> {
  await db.updateTable("user_factors").set({ sign_count: signCount, last_used_at: at }).where("id", "=", id).execute();
}

export async function deleteFactor(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom("user_factors").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every factor and recovery code of a user; returns how many confirmed factors there were. */
export async function deleteAllFactors(db: Db, userId: string): Promise<number> {
  const confirmed = (await confirmedFactors(db, userId)).length;
  await db.deleteFrom("user_factors").where("user_id", "=", userId).execute();
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  return confirmed;
}

/** Drops enrolments started but never confirmed (a new start replaces them). */
export async function deleteUnconfirmed(db: Db, userId: string, kind: UserFactorsTable["kind"]): Promise<void> {
  await db
    .deleteFrom("user_factors")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("confirmed_at", "is", null)
    .execute();
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: readonly string[], at: number): Promise<void> {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  if (hashes.length) {
    await db
      .insertInto("recovery_codes")
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: at, used_at: null })))
      .execute();
  }
}

/** Spends a recovery code; false when it is unknown or already used. */
export async function useRecoveryCode(db: Db, userId: string, hash: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable("recovery_codes")
    .set({ used_at: at })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
