import type { AttackMatrix, IncidentRef, MatrixItem, MatrixTactic } from "@watchfloor/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

export type { AttackMatrix, IncidentRef, MatrixItem, MatrixTactic };
export type AttackWindowQuery = { from: string; to: string };

/**
 * Keys start with "alerts": the live-events stream invalidates that prefix on every alert or
 * incident change, so an ingested or escalated alert shows up here without a reload.
 */
export const attackMatrixQueryOptions = (query: AttackWindowQuery, tenantId: string | null) =>
  queryOptions({
    queryKey: ["alerts", "attack", "matrix", tenantId, query],
    queryFn: ({ signal }) => api.get<AttackMatrix>("/attack/matrix", query, signal),
  });

export function useAttackMatrix(query: AttackWindowQuery) {
  const tenantId = useSelectedTenantId();
  return useQuery({ ...attackMatrixQueryOptions(query, tenantId), placeholderData: keepPreviousData });
}
