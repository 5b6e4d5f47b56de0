import type { Insertable, Kysely, Transaction } from "kysely";
import type { DB, SessionsTable } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

export async function insertSession(db: Db, session: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto("sessions").values(session).execute();
}

export async function deleteUserSessions(db: Db, userId: string, exceptId?: string): Promise<number> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptId) query = query.where("id", "!=", exceptId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteUserSession(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom("sessions").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const listUserSessions = (db: Db, userId: string, now: number) =>
  db
    .selectFrom("sessions")
    .select(["id", "created_at", "last_seen_at", "ip_address", "user_agent"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .orderBy("last_seen_at", "desc")
    .execute();

/** The session proved a second factor (or enrolled one). */
export async function markSecondFactor(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable("sessions").set({ second_factor_at: at, webauthn_challenge: null }).where("id", "=", id).execute();
}

export async function setWebauthnChallenge(db: Db, id: string, challenge: string | null): Promise<void> {
  await db.updateTable("sessions").set({ webauthn_challenge: challenge }).where("id", "=", id).execute();
}

/** Reads and clears the session's WebAuthn challenge: each one verifies at most once. */
export async function takeWebauthnChallenge(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom("sessions").select("webauthn_challenge").where("id", "=", id).executeTakeFirst();
  if (row?.webauthn_challenge) await setWebauthnChallenge(db, id, null);
  return row?.webauthn_challenge ?? null;
}
