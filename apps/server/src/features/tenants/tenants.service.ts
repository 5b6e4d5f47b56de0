import {
  grantableRoles,
  passwordProblemMessages,
  passwordProblems,
  type Role,
  type TenantModule,
  tenantModules,
  type AuditEvent,
  type TenantSecurityPolicy,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { assertTenantInScope } from "../../http/tenant-scope";
import { conflict, forbidden, invalid, notFound } from "../../http/errors";
import type { Actor, TenantScope } from "../../http/policy";
import { isoOrNull } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { notifyOrphanedKeys } from "../api-keys/api-keys.service";
import { recordAudit } from "../audit/audit.repository";
import { hashPassword } from "../auth/password-hash";
import { deleteAllFactors, usersWithFactors } from "../auth/factors.repository";
import { clearSignInFailures, lockedUntilOf } from "../auth/sign-in-failures.repository";
import { deleteUserSessions } from "../auth/sessions.repository";
import { addMembership, findUserById, setPassword } from "../auth/users.repository";
import { membershipsOf } from "../../http/credentials.repository";
import { insertNotification } from "../notifications/notifications.repository";
import { type AccountHolder, type AuthorityVerdict, accountAuthority } from "./account-authority";
import * as repo from "./tenants.repository";

export async function listTenants(ctx: AppContext, userId: string, tenantIds: readonly string[]) {
  const rows = await repo.tenantsOfUser(ctx.db, userId, tenantIds);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    modules: repo.parseModules(r.modules),
    role: r.role as Role,
    requireSecondFactor: r.require_second_factor === 1,
  }));
}

export async function createTenant(
  ctx: AppContext,
  actor: Actor | null,
  body: { name: string; slug: string; modules?: TenantModule[] },
) {
  const now = ctx.now();
  const id = newId();
  const modules = body.modules ?? [...tenantModules];
  await ctx.db.transaction().execute(async (trx) => {
    if (await repo.findTenantBySlug(trx, body.slug)) {
      throw conflict("A tenant with this slug already exists.", [{ path: "slug", message: "is taken" }]);
    }
    await repo.insertTenant(trx, { id, name: body.name, slug: body.slug, modules: JSON.stringify(modules), created_at: now });
    if (actor) await addMembership(trx, actor.userId, id, "owner", now);
    await recordAudit(trx, {
      event: "tenant.created",
      at: now,
      tenantId: id,
      actorUserId: actor?.userId ?? null,
      actorEmail: actor?.email ?? null,
      ipAddress: actor?.ip ?? null,
      details: { name: body.name, slug: body.slug },
    });
  });
  return { id, name: body.name, slug: body.slug, modules, role: "owner" as const, requireSecondFactor: false };
}

export async function updateTenant(
  ctx: AppContext,
  scope: TenantScope,
  tenantId: string,
  body: { name?: string; modules?: TenantModule[] },
) {
  assertTenantInScope(scope, tenantId);
  await repo.updateTenant(ctx.db, scope.tenantIds, tenantId, {
    ...(body.name ? { name: body.name } : {}),
    ...(body.modules ? { modules: JSON.stringify(body.modules) } : {}),
  });
}

/** Turns the tenant's "require a second factor" policy on or off; it applies to open sessions at once. */
export async function setSecurityPolicy(ctx: AppContext, scope: TenantScope, actor: Actor, tenantId: string, policy: TenantSecurityPolicy) {
  assertTenantInScope(scope, tenantId);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setRequireSecondFactor(trx, tenantId, policy.requireSecondFactor);
    await recordAudit(trx, {
      event: "tenant.security_policy_changed",
      at: now,
      tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ipAddress: actor.ip,
      details: { requireSecondFactor: policy.requireSecondFactor },
    });
  });
  return policy;
}

export async function listMembers(ctx: AppContext, scope: TenantScope, tenantId: string) {
  assertTenantInScope(scope, tenantId);
  const rows = await repo.listMembers(ctx.db, tenantId);
  const ids = rows.map((r) => r.userId);
  const locks = await lockedUntilOf(ctx.db, ids, ctx.now());
  const withFactors = await usersWithFactors(ctx.db, ids);
  return rows.map((r) => ({
    userId: r.userId,
    email: r.email,
    displayName: r.display_name,
    jobTitle: r.job_title,
    role: r.role as Role,
    lockedUntil: isoOrNull(locks.get(r.userId) ?? null),
    secondFactor: withFactors.has(r.userId),
  }));
}

/** The actor's role in the tenant must be able to grant both the old and the new role. */
async function checkAuthority(ctx: AppContext, actor: Actor, tenantId: string, target: Role, next?: Role) {
  const mine = await repo.findMembership(ctx.db, tenantId, actor.userId);
  const allowed = mine ? grantableRoles(mine.role) : [];
  if (!allowed.includes(target) || (next && !allowed.includes(next))) {
    throw forbidden("You cannot manage a member whose role is above yours.");
  }
}

export async function changeRole(ctx: AppContext, scope: TenantScope, actor: Actor, tenantId: string, userId: string, role: Role) {
  assertTenantInScope(scope, tenantId);
  const member = await repo.findMembership(ctx.db, tenantId, userId);
  if (!member) throw notFound("Member");
  await checkAuthority(ctx, actor, tenantId, member.role, role);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (member.role === "owner" && role !== "owner" && (await repo.countOwners(trx, tenantId)) <= 1) {
      throw conflict("A tenant needs at least one owner.");
    }
    await repo.setRole(trx, tenantId, userId, role);
    await recordAudit(trx, {
      event: "member.role_changed",
      at: now,
      tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ipAddress: actor.ip,
      details: { userId, from: member.role, to: role },
    });
  });
}

export async function removeMember(ctx: AppContext, scope: TenantScope, actor: Actor, tenantId: string, userId: string) {
  assertTenantInScope(scope, tenantId);
  const member = await repo.findMembership(ctx.db, tenantId, userId);
  if (!member) throw notFound("Member");
  await checkAuthority(ctx, actor, tenantId, member.role);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (member.role === "owner" && (await repo.countOwners(trx, tenantId)) <= 1) throw conflict("A tenant needs at least one owner.");
    await repo.removeMembership(trx, tenantId, userId);
    await notifyOrphanedKeys(trx, ctx, tenantId, userId, actor);
    await recordAudit(trx, {
      event: "member.removed",
      at: now,
      tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ipAddress: actor.ip,
      details: { userId, role: member.role },
    });
  });
}

/** The person acting on another account, with everything their authority depends on. */
export interface AccountActor extends Actor, Omit<AccountHolder, "userId"> {}

const refusals: Record<Exclude<AuthorityVerdict, { ok: true }>["reason"], () => Error> = {
  self: () => forbidden("Manage your own password and second factors from your profile."),
  not_visible: () => notFound("User"),
  platform_owner: () => forbidden("Only a platform owner can reset a platform owner's account."),
  other_tenants: () => forbidden("This person also belongs to tenants you do not manage; ask a platform owner or an administrator of all of them."),
  role_above: () => forbidden("You cannot manage a member whose role is above yours."),
};

/** Loads the target account and refuses unless the actor has authority over all of it. */
async function authorisedTarget(ctx: AppContext, actor: AccountActor, userId: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound("User");
  const memberships = await membershipsOf(ctx.db, userId);
  const verdict = accountAuthority(
    { userId: actor.userId, platformAdmin: actor.platformAdmin, memberships: actor.memberships },
    { userId, platformAdmin: user.platform_admin === 1, memberships },
  );
  if (!verdict.ok) throw refusals[verdict.reason]();
  return { user, tenantIds: memberships.map((m) => m.tenantId) };
}

/**
 * An administrator sets a temporary password for someone: it works for one sign-in, whose
 * session can do nothing but replace it. Every session of theirs ends, failed-sign-in locks are
 * cleared, they are told, and each of their tenants' audit logs records it.
 */
export async function resetPassword(ctx: AppContext, actor: AccountActor, userId: string, newPassword: string) {
  const { user, tenantIds } = await authorisedTarget(ctx, actor, userId);
  const problems = passwordProblems(newPassword, user.email);
  if (problems[0]) throw invalid("newPassword", passwordProblemMessages[problems[0]]);
  const now = ctx.now();
  const hashed = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await setPassword(trx, userId, hashed, now, { mustChange: true });
    await clearSignInFailures(trx, userId);
    await deleteUserSessions(trx, userId);
    await insertNotification(trx, {
      userId,
      kind: "account_security",
      message: `${actor.email} set a temporary password for your account and signed out all your sessions. Sign in with it and choose a new one. If you did not ask for this, tell your security lead.`,
      link: "/profile",
      at: now,
    });
    await auditAccountChange(trx, actor, tenantIds, "auth.password_reset", { userId, email: user.email }, now);
  });
}

/**
 * An administrator removes someone's second factors and recovery codes (a lost phone or key):
 * their sessions end and their next sign-in needs only the password (then enrolment, where a
 * tenant requires it).
 */
export async function resetSecondFactors(ctx: AppContext, actor: AccountActor, userId: string) {
  const { user, tenantIds } = await authorisedTarget(ctx, actor, userId);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await deleteAllFactors(trx, userId);
    await deleteUserSessions(trx, userId);
    await insertNotification(trx, {
      userId,
      kind: "account_security",
      message: `${actor.email} removed your second factors (${removed} of them) and signed out all your sessions. Enrol a new one from your profile.`,
      link: "/profile",
      at: now,
    });
    await auditAccountChange(trx, actor, tenantIds, "auth.second_factor_reset", { userId, email: user.email, removed }, now);
  });
}

async function auditAccountChange(
  trx: Parameters<typeof recordAudit>[0],
  actor: Actor,
  tenantIds: readonly string[],
  event: AuditEvent,
  details: Record<string, unknown>,
  at: number,
) {
  // One entry per tenant of the account, so each tenant's administrators see it in their log.
  for (const tenantId of tenantIds.length ? tenantIds : [null]) {
    await recordAudit(trx, { event, at, tenantId, actorUserId: actor.userId, actorEmail: actor.email, ipAddress: actor.ip, details });
  }
}
