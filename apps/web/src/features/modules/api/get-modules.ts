import type { TenantModules } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Switchable modules of every tenant the user belongs to (module pages and the provider's tab). */
export const modulesQueryOptions = queryOptions({
  queryKey: ["modules"],
  queryFn: async () => (await api.get<{ items: TenantModules[] }>("/modules")).items,
});

export const useModules = () => useQuery(modulesQueryOptions);
