import type { AttackCoverage } from "@watchfloor/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import type { AttackWindowQuery } from "./get-attack-matrix";

export type { AttackCoverage };

/** Under "alerts" for the same reason as the matrix (live invalidation). */
export const attackCoverageQueryOptions = (query: AttackWindowQuery, tenantId: string | null) =>
  queryOptions({
    queryKey: ["alerts", "attack", "coverage", tenantId, query],
    queryFn: ({ signal }) => api.get<AttackCoverage>("/attack/coverage", query, signal),
  });

export function useAttackCoverage(query: AttackWindowQuery, enabled: boolean) {
  const tenantId = useSelectedTenantId();
  return useQuery({ ...attackCoverageQueryOptions(query, tenantId), enabled, placeholderData: keepPreviousData });
}
