import type { MemberList } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * A tenant's members (`GET /tenants/:id/members`, members.manage: 403 otherwise): one query and
 * one cache entry for the members tab and every assignee and owner picker, so a change made in
 * one is seen by the others.
 */
export const tenantMembersQueryKey = (tenantId: string) => ["tenant-members", tenantId] as const;

export const tenantMembersQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: tenantMembersQueryKey(tenantId),
    queryFn: () => api.get<MemberList>(`/tenants/${encodeURIComponent(tenantId)}/members`).then((r) => r.items),
  });

/** For the pickers: members change rarely, so five minutes old is fresh enough to open a menu on. */
export function useTenantMembers(tenantId: string | null, enabled = true) {
  return useQuery({ ...tenantMembersQueryOptions(tenantId ?? ""), enabled: enabled && Boolean(tenantId), staleTime: 5 * 60_000 });
}
