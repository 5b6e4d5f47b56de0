import { grantableRoles, type Role } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { assertTenantInScope } from "../../http/tenant-scope";
import { conflict, forbidden, notFound } from "../../http/errors";
import type { Actor, TenantScope } from "../../http/policy";
import { days, iso, isoOrNull } from "../../lib/time";
import { newId, newToken, sha256 } from "../../lib/tokens";
import { recordAudit } from "../audit/audit.repository";
import { addMembership, findUserByEmail } from "../users/users.repository";
import { findMembership } from "../tenants/tenants.repository";
import * as repo from "./invitations.repository";

const INVITATION_DAYS = 7;
type Row = Awaited<ReturnType<typeof repo.listInvitations>>[number];

const toView = (r: Row) => ({
  id: r.id,
  email: r.email,
  tenantId: r.tenant_id,
  role: r.role as Role,
  createdAt: iso(r.created_at),
  expiresAt: iso(r.expires_at),
  acceptedAt: isoOrNull(r.accepted_at),
});

export async function listInvitations(ctx: AppContext, scope: TenantScope) {
  return (await repo.listInvitations(ctx.db, scope.tenantIds)).map(toView);
}

/**
 * An invitation grants one role in one tenant. People who already have an account are added
 * by the same link: signing up with it is refused, so they are granted directly instead.
 */
export async function createInvitation(
  ctx: AppContext,
  scope: TenantScope,
  actor: Actor,
  body: { email: string; tenantId: string; role: Role },
) {
  assertTenantInScope(scope, body.tenantId);
  const mine = await findMembership(ctx.db, body.tenantId, actor.userId);
  if (!mine || !grantableRoles(mine.role).includes(body.role)) throw forbidden(`Your role cannot grant the ${body.role} role.`);
  const existing = await findUserByEmail(ctx.db, body.email);
  if (existing && (await findMembership(ctx.db, body.tenantId, existing.id))) {
    throw conflict("This person is already a member of the tenant.", [{ path: "email", message: "is already a member" }]);
  }
  const now = ctx.now();
  const token = newToken();
  const row = {
    id: newId(),
    token_hash: sha256(token),
    email: body.email,
    tenant_id: body.tenantId,
    role: body.role,
    invited_by: actor.userId,
    created_at: now,
    expires_at: now + days(INVITATION_DAYS),
    accepted_at: null,
    revoked_at: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertInvitation(trx, row);
    await recordAudit(trx, {
      event: "invitation.created",
      at: now,
      tenantId: body.tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ipAddress: actor.ip,
      details: { invitationId: row.id, email: body.email, role: body.role },
    });
  });
  return { ...toView(row), token, signupPath: `/signup?invite=${token}` };
}

export async function revokeInvitation(ctx: AppContext, scope: TenantScope, actor: Actor, id: string) {
  const row = await repo.findInvitation(ctx.db, scope.tenantIds, id);
  if (!row || row.revoked_at) throw notFound("Invitation");
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.revokeInvitation(trx, id, now);
    await recordAudit(trx, {
      event: "invitation.revoked",
      at: now,
      tenantId: row.tenant_id,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ipAddress: actor.ip,
      details: { invitationId: id, email: row.email },
    });
  });
}

/** A person who already has an account accepts an invitation while signed in. */
export async function acceptAsMember(ctx: AppContext, actor: Actor, token: string) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const invitation = await repo.findUsableInvitation(trx, sha256(token), now);
    if (!invitation || invitation.email !== actor.email) throw notFound("Invitation");
    if (await findMembership(trx, invitation.tenant_id, actor.userId)) throw conflict("You are already a member of this tenant.");
    await addMembership(trx, actor.userId, invitation.tenant_id, invitation.role as Role, now);
    await repo.acceptInvitation(trx, invitation.id, now);
    await recordAudit(trx, {
      event: "invitation.accepted",
      at: now,
      tenantId: invitation.tenant_id,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ipAddress: actor.ip,
      details: { invitationId: invitation.id, role: invitation.role },
    });
  });
}

/** What the sign-up page shows for an invitation link: who it is for, which tenant, which role. */
export async function previewInvitation(ctx: AppContext, token: string) {
  const invitation = await repo.findUsableInvitationWithTenant(ctx.db, sha256(token), ctx.now());
  if (!invitation) throw notFound("Invitation");
  return { email: invitation.email, tenantName: invitation.tenantName, role: invitation.role as Role };
}
