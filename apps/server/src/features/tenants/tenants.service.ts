import {
  coreModules,
  defaultEntitledModules,
  type EntitledModule,
  entitledModules,
  grantableRoles,
  type Role,
  type TenantModule,
  type TenantRetention,
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
import { lockedUntilOf, usersWithFactors } from "../users/account-status.repository";
import { addMembership } from "../users/users.repository";
import { insertModules, moduleRows } from "./tenant-modules.repository";
import * as repo from "./tenants.repository";

export async function listTenants(ctx: AppContext, userId: string, tenantIds: readonly string[]) {
  const rows = await repo.tenantsOfUser(ctx.db, userId, tenantIds);
  const enabled = new Map<string, TenantModule[]>();
  for (const m of await moduleRows(
    ctx.db,
    rows.map((r) => r.id),
  )) {
    if (m.enabled === 1) enabled.set(m.tenant_id, [...(enabled.get(m.tenant_id) ?? []), m.module as TenantModule]);
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    modules: [...coreModules, ...(enabled.get(r.id) ?? [])],
    role: r.role as Role,
    requireSecondFactor: r.require_second_factor === 1,
    retentionDays: r.retention_days ?? null,
  }));
}

export async function createTenant(
  ctx: AppContext,
  actor: Actor | null,
  body: { name: string; slug: string; modules?: readonly EntitledModule[] },
) {
  const now = ctx.now();
  const id = newId();
  const switched = body.modules ?? defaultEntitledModules;
  await ctx.db.transaction().execute(async (trx) => {
    if (await repo.findTenantBySlug(trx, body.slug)) {
      throw conflict("A tenant with this slug already exists.", [{ path: "slug", message: "is taken" }]);
    }
    await repo.insertTenant(trx, { id, name: body.name, slug: body.slug, created_at: now });
    await insertModules(
      trx,
      id,
      entitledModules.map((module) => ({ module, enabled: switched.includes(module) })),
      now,
      actor?.userId ?? null,
    );
    if (actor) await addMembership(trx, actor.userId, id, "owner", now);
    await recordAudit(trx, {
      event: "tenant.created",
      at: now,
      tenantId: id,
      actorUserId: actor?.userId ?? null,
      actorEmail: actor?.email ?? null,
      ipAddress: actor?.ip ?? null,
      details: { name: body.name, slug: body.slug, modules: [...switched] },
    });
  });
  const modules: TenantModule[] = [...coreModules, ...entitledModules.filter((m) => switched.includes(m))];
  return {
    id,
    name: body.name,
    slug: body.slug,
    modules,
    role: "owner" as const,
    requireSecondFactor: false,
    retentionDays: null,
  };
}

export async function updateTenant(ctx: AppContext, scope: TenantScope, tenantId: string, body: { name?: string }) {
  assertTenantInScope(scope, tenantId);
  if (body.name === undefined) throw invalid("name", "Send a name: this request changes nothing.");
  await repo.updateTenant(ctx.db, scope.tenantIds, tenantId, { name: body.name });
}

/** Sets how long the tenant's alerts, timeline events and audit entries are kept (null: all). */
export async function setRetention(
  ctx: AppContext,
  scope: TenantScope,
  actor: Actor,
  tenantId: string,
  body: TenantRetention,
): Promise<TenantRetention> {
  assertTenantInScope(scope, tenantId);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setRetentionDays(trx, tenantId, body.retentionDays);
    await recordAudit(trx, {
      event: "tenant.retention_changed",
      at: now,
      tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ipAddress: actor.ip,
      details: { retentionDays: body.retentionDays },
    });
  });
  return body;
}

/** Turns the tenant's "require a second factor" policy on or off; it applies to open sessions at once. */
export async function setSecurityPolicy(
  ctx: AppContext,
  scope: TenantScope,
  actor: Actor,
  tenantId: string,
  policy: TenantSecurityPolicy,
) {
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

export async function changeRole(
  ctx: AppContext,
  scope: TenantScope,
  actor: Actor,
  tenantId: string,
  userId: string,
  role: Role,
) {
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
    if (member.role === "owner" && (await repo.countOwners(trx, tenantId)) <= 1)
      throw conflict("A tenant needs at least one owner.");
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
