import { type Permission, roleCan } from "@watchfloor/shared";
import { useSession } from "./session";
import { useSelectedTenantId } from "./tenant-scope";

/**
 * Whether the signed-in person holds `permission` in `tenantId`, or (without a tenant) in any
 * tenant currently in scope: the selected one, or every membership when "All tenants" is chosen.
 * The server still decides; this only hides controls that would certainly be refused.
 */
export function useCan(permission: Permission, tenantId?: string | null): boolean {
  const user = useSession()?.user;
  const selected = useSelectedTenantId();
  if (!user) return false;
  const scope = tenantId ?? selected;
  const memberships = scope ? user.memberships.filter((m) => m.tenantId === scope) : user.memberships;
  return memberships.some((m) => roleCan(m.role, permission));
}

/** Tenants where the person may write (triage, import, comment): for tenant pickers on forms. */
export function useWritableTenants(): { id: string; name: string }[] {
  const user = useSession()?.user;
  return (user?.memberships ?? [])
    .filter((m) => roleCan(m.role, "data.write"))
    .map((m) => ({ id: m.tenantId, name: m.tenantName }));
}
