import type { SurfaceImportList } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { attackSurfaceKey } from "./get-attack-surface";

export const surfaceImportsQueryOptions = (tenantId: string | null) =>
  queryOptions({
    queryKey: [...attackSurfaceKey, "imports", tenantId],
    queryFn: ({ signal }) => api.get<SurfaceImportList>("/attack-surface/imports", { limit: 20 }, signal),
  });

export function useSurfaceImports() {
  const tenantId = useSelectedTenantId();
  return useQuery(surfaceImportsQueryOptions(tenantId));
}
