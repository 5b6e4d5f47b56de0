import type { ComplianceException, ComplianceExceptionBody } from "@watchfloor/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { queryString } from "./get-compliance";

export const useExceptions = (params: { tool?: string; controlId?: string; state?: string } = {}) => {
  const tenant = useSelectedTenantId();
  return useQuery({
    queryKey: ["compliance", tenant, "exceptions", params],
    queryFn: () => api.get<{ items: ComplianceException[] }>(`/compliance/exceptions${queryString(params)}`),
  });
};

/** Accepting or revoking changes every score, list and target: all compliance reads are refetched. */
export function useCreateException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplianceExceptionBody) => api.post<ComplianceException>("/compliance/exceptions", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["compliance"] }),
  });
}

export function useRevokeException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<ComplianceException>(`/compliance/exceptions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["compliance"] }),
  });
}
