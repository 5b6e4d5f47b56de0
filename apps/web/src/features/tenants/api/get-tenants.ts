import type { TenantList } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const tenantsQueryOptions = queryOptions({
  queryKey: ["tenants"],
  queryFn: () => api.get<TenantList>("/tenants").then((r) => r.items),
  staleTime: 5 * 60_000,
});

export function useTenants() {
  return useQuery(tenantsQueryOptions);
}
