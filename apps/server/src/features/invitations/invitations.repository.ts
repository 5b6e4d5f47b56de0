import type { Kysely, Transaction } from "kysely";
import type { DB, InvitationsTable } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

export async function insertInvitation(db: Db, invitation: InvitationsTable): Promise<void> {
  await db.insertInto("invitations").values(invitation).execute();
}

export const findUsableInvitation = (db: Db, tokenHash: string, now: number) =>
  db
    .selectFrom("invitations")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();

/** The newest usable invitation for an e-mail address (single sign-on has no token). */
export const newestUsableInvitationFor = (db: Db, email: string, now: number) =>
  db
    .selectFrom("invitations")
    .selectAll()
    .where("email", "=", email)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("created_at", "desc")
    .executeTakeFirst();

/** A usable invitation with the name of its tenant, for the sign-up page. */
export const findUsableInvitationWithTenant = (db: Db, tokenHash: string, now: number) =>
  db
    .selectFrom("invitations")
    .innerJoin("tenants", "tenants.id", "invitations.tenant_id")
    .select(["invitations.email", "invitations.role", "tenants.name as tenantName"])
    .where("invitations.token_hash", "=", tokenHash)
    .where("invitations.accepted_at", "is", null)
    .where("invitations.revoked_at", "is", null)
    .where("invitations.expires_at", ">", now)
    .executeTakeFirst();

export async function acceptInvitation(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable("invitations").set({ accepted_at: at }).where("id", "=", id).execute();
}

export const listInvitations = (db: Db, tenantIds: readonly string[]) =>
  tenantIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("invitations")
        .selectAll()
        .where("tenant_id", "in", [...tenantIds])
        .where("revoked_at", "is", null)
        .orderBy("created_at", "desc")
        .limit(500)
        .execute();

export const findInvitation = (db: Db, tenantIds: readonly string[], id: string) =>
  tenantIds.length === 0
    ? Promise.resolve(undefined)
    : db
        .selectFrom("invitations")
        .selectAll()
        .where("id", "=", id)
        .where("tenant_id", "in", [...tenantIds])
        .executeTakeFirst();

export async function revokeInvitation(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable("invitations").set({ revoked_at: at }).where("id", "=", id).execute();
}
