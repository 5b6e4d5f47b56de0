import type { RemediationSla, RemediationSlaBody, RemediationSlaItem, RemediationSlaSaved } from "@watchfloor/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

export type { RemediationSla, RemediationSlaItem };

export const remediationSlaQueryOptions = (tenantId: string | null) =>
  queryOptions({
    queryKey: ["admin", "remediation-sla", tenantId],
    queryFn: ({ signal }) => api.get<RemediationSla>("/remediation-sla", undefined, signal),
  });

/** Days to remediate per severity for every tenant in scope, with whether the tenant set its own. */
export function useRemediationSla() {
  return useQuery(remediationSlaQueryOptions(useSelectedTenantId()));
}

/** Saving moves the due dates of the tenant's open findings; the lists are refreshed. */
export function useSaveRemediationSla() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RemediationSlaBody) => api.put<RemediationSlaSaved>("/remediation-sla", body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["admin", "remediation-sla"] }),
        queryClient.invalidateQueries({ queryKey: ["findings"] }),
        queryClient.invalidateQueries({ queryKey: ["assets"] }),
      ]),
  });
}
