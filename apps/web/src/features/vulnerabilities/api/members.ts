import type { Member } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The tenant's members, for the assignee picker; needs admin rights (403 otherwise). Same cache key as the alert picker. */
export const tenantMembersQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: ["tenant-members", tenantId],
    queryFn: () => api.get<{ items: Member[] }>(`/tenants/${encodeURIComponent(tenantId)}/members`).then((r) => r.items),
    staleTime: 5 * 60_000,
  });

export function useTenantMembers(tenantId: string | null, enabled = true) {
  return useQuery({ ...tenantMembersQueryOptions(tenantId ?? ""), enabled: enabled && Boolean(tenantId) });
}
