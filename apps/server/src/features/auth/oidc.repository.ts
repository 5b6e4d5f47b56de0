import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/** The account an identity provider's subject is linked to. */
export async function linkedUserId(db: Db, issuer: string, subject: string): Promise<string | undefined> {
  return (
    await db
      .selectFrom("oidc_identities")
      .select("user_id")
      .where("issuer", "=", issuer)
      .where("subject", "=", subject)
      .executeTakeFirst()
  )?.user_id;
}

export async function linkIdentity(db: Db, issuer: string, subject: string, userId: string, at: number): Promise<void> {
  await db.insertInto("oidc_identities").values({ issuer, subject, user_id: userId, created_at: at }).execute();
}
