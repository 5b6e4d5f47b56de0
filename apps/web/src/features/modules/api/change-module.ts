import type { EntitledModule, TenantModules } from "@watchfloor/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const modulePath = (tenantId: string, module: EntitledModule) => `/tenants/${encodeURIComponent(tenantId)}/modules/${module}`;

/** The provider's switch (platform administrators). */
export function useSwitchModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { tenantId: string; module: EntitledModule; enabled: boolean }) =>
      api.put<TenantModules>(modulePath(v.tenantId, v.module), { enabled: v.enabled }),
    // The tenant list carries each tenant's modules too (the shell reads it).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["modules"] }),
        queryClient.invalidateQueries({ queryKey: ["tenants"] }),
      ]),
  });
}

/** A tenant's owner or admin asks the provider for a module. */
export function useRequestModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { tenantId: string; module: EntitledModule }) =>
      api.post<{ requested: boolean; requestedAt: string }>(`${modulePath(v.tenantId, v.module)}/request`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["modules"] }),
  });
}
