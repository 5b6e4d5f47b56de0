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

/** Tenants where the person holds `permission`: for tenant pickers on forms. */
export function useTenantsWith(permission: Permission): { id: string; name: string }[] {
  const user = useSession()?.user;
  return (user?.memberships ?? [])
    .filter((m) => roleCan(m.role, permission))
    .map((m) => ({ id: m.tenantId, name: m.tenantName }));
}

/** Tenants where the person may write (triage, import, comment). */
export const useWritableTenants = () => useTenantsWith("data.write");
