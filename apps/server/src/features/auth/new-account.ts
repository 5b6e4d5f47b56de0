import type { Kysely, Transaction } from "kysely";
import type { DB, InvitationsTable } from "../../db/tables";
import { recordAudit } from "../audit/audit.repository";
import { acceptInvitation } from "../invitations/invitations.repository";
import { insertNotification } from "../notifications/notifications.repository";
import { allTenantIds } from "../tenants/tenants.repository";
import * as users from "../users/users.repository";

export interface NewAccount {
  id: string;
  email: string;
  displayName: string;
  jobTitle?: string;
  passwordHash: string | null;
  /** The first account on an empty database runs the installation: owner of every tenant. */
  first: boolean;
  invitation?: InvitationsTable;
  ip: string | null;
  at: number;
}

/**
 * Creates an account and the access it starts with, the same way for sign-up, single sign-on
 * and the CLI: the first account owns every tenant; an invitation grants its one role, is used
 * up, audited, and its sender told.
 */
export async function createAccount(trx: Kysely<DB> | Transaction<DB>, account: NewAccount): Promise<void> {
  const { id, email, at, invitation } = account;
  await users.insertUser(trx, {
    id,
    email,
    display_name: account.displayName,
    job_title: account.jobTitle ?? "",
    password_hash: account.passwordHash,
    platform_admin: account.first ? 1 : 0,
    created_at: at,
  });
  if (account.first) for (const tenantId of await allTenantIds(trx)) await users.addMembership(trx, id, tenantId, "owner", at);
  if (!invitation) return;
  await users.addMembership(trx, id, invitation.tenant_id, invitation.role as never, at);
  await acceptInvitation(trx, invitation.id, at);
  await recordAudit(trx, {
    event: "invitation.accepted",
    at,
    tenantId: invitation.tenant_id,
    actorUserId: id,
    actorEmail: email,
    ipAddress: account.ip,
    details: { invitationId: invitation.id, role: invitation.role },
  });
  if (invitation.invited_by) {
    await insertNotification(trx, {
      userId: invitation.invited_by,
      tenantId: invitation.tenant_id,
      kind: "invitation_accepted",
      message: `${account.displayName} (${email}) accepted your invitation as ${invitation.role}.`,
      link: "/administration",
      at,
    });
  }
}
