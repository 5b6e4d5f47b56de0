import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiKeyCreated, ApiKeyList } from "@watchfloor/shared";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

export const apiKeysQueryOptions = (tenantId: string | null) =>
  queryOptions({
    queryKey: ["admin", "api-keys", tenantId],
    queryFn: () => api.get<ApiKeyList>("/api-keys").then((r) => r.items),
  });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions(useSelectedTenantId()));
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { tenantId: string; name: string }) => api.post<ApiKeyCreated>("/api-keys", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "api-keys"] }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api-keys/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin", "api-keys"] }),
  });
}
