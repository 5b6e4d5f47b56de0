import { grantableRoles, type Role, roleCan } from "@watchfloor/shared";

export interface AccountHolder {
  userId: string;
  platformAdmin: boolean;
  memberships: readonly { tenantId: string; role: Role }[];
}

export type AuthorityVerdict =
  | { ok: true }
  | { ok: false; reason: "self" | "not_visible" | "platform_owner" | "other_tenants" | "role_above" };

/**
 * May `actor` reset, change or disable `target`'s account (password, second factors)? An account
 * is not a tenant's: it can sign in to every tenant it belongs to. So the actor needs authority
 * over every one of them (members.manage there and a role able to grant the target's role), and
 * a platform owner's account is touched only by a platform owner. Platform owners have authority
 * over every account. Nobody manages their own account through this path: they change it
 * themselves, proving the current password.
 */
export function accountAuthority(actor: AccountHolder, target: AccountHolder): AuthorityVerdict {
  if (actor.userId === target.userId) return { ok: false, reason: "self" };
  if (target.platformAdmin && !actor.platformAdmin) return { ok: false, reason: "platform_owner" };
  if (actor.platformAdmin) return { ok: true };
  const actorRole = new Map(actor.memberships.map((m) => [m.tenantId, m.role]));
  const manages = (tenantId: string) => {
    const role = actorRole.get(tenantId);
    return role !== undefined && roleCan(role, "members.manage") ? role : undefined;
  };
  // Someone the actor manages in no tenant does not exist for them.
  if (!target.memberships.some((m) => manages(m.tenantId))) return { ok: false, reason: "not_visible" };
  for (const m of target.memberships) {
    const role = manages(m.tenantId);
    if (!role) return { ok: false, reason: "other_tenants" };
    if (!grantableRoles(role).includes(m.role)) return { ok: false, reason: "role_above" };
  }
  return { ok: true };
}
