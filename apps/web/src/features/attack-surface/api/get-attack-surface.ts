import type { AttackSurface } from "@watchfloor/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { type SurfaceFilters, surfaceApiQuery } from "../lib/surface-params";

export const attackSurfaceKey = ["attack-surface"] as const;

export const attackSurfaceQueryOptions = (filters: SurfaceFilters, tenantId: string | null) =>
  queryOptions({
    queryKey: [...attackSurfaceKey, "list", tenantId, filters],
    queryFn: ({ signal }) => api.get<AttackSurface>("/attack-surface", surfaceApiQuery(filters), signal),
  });

/** The current page stays on screen while other filters load. */
export function useAttackSurface(filters: SurfaceFilters) {
  const tenantId = useSelectedTenantId();
  return useQuery({ ...attackSurfaceQueryOptions(filters, tenantId), placeholderData: keepPreviousData });
}
