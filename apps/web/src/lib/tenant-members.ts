import type { MemberList } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useCan } from "@/lib/permissions";

/**
 * The tenant's members: the one query behind every assignee and owner picker. Listing members
 * needs admin rights in the tenant (403 otherwise), so pickers ask only when the person has them.
 */
export const tenantMembersQueryKey = (tenantId: string) => ["tenant-members", tenantId] as const;

export const tenantMembersQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: tenantMembersQueryKey(tenantId),
    queryFn: () => api.get<MemberList>(`/tenants/${encodeURIComponent(tenantId)}/members`).then((r) => r.items),
    staleTime: 5 * 60_000,
  });

/**
 * The members work can be given to (executives only read), when the person may list them; `query`
 * says whether the list came (`isSuccess`), so a picker can fall back to "Assign to me".
 */
export function useAssignableMembers(tenantId: string | null, enabled = true) {
  const isAdmin = useCan("members.manage", tenantId ?? "__none__");
  const query = useQuery({ ...tenantMembersQueryOptions(tenantId ?? ""), enabled: enabled && isAdmin && Boolean(tenantId) });
  const candidates = (query.data ?? []).filter((m) => m.role !== "executive");
  return { query, candidates };
}
