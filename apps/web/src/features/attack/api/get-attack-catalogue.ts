import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CatalogueTechniques } from "@watchfloor/shared";
import { api } from "@/lib/api-client";

/**
 * The current Enterprise techniques of the imported ATT&CK catalogue (global reference data, the
 * same for every tenant, so no tenant in the key). It changes only when a platform admin imports a
 * bundle: the key sits under ["admin", "attack-catalogue"], which that import invalidates.
 */
export const attackCatalogueQueryOptions = queryOptions({
  queryKey: ["admin", "attack-catalogue", "enterprise-techniques"],
  queryFn: ({ signal }) => api.get<CatalogueTechniques>("/attack/catalogue/techniques", undefined, signal),
  staleTime: 10 * 60_000,
});

export function useAttackCatalogue(enabled: boolean) {
  return useQuery({ ...attackCatalogueQueryOptions, enabled });
}
