import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

export type IncidentRef = { id: string; reference: string };
export type MatrixItem = {
  techniqueId: string;
  /** Null when the ATT&CK catalogue does not know the technique (or none is loaded). */
  name: string | null;
  /** Latest detection in the window (ISO). */
  date: string;
  /** "D-3": whole days since that detection. */
  label: string;
  alerts: number;
  /** True when an incident holds one of its alerts. */
  highlight: boolean;
  incidents: IncidentRef[];
};
export type MatrixTactic = { id: string; title: string; items: MatrixItem[] };
export type AttackMatrix = { from: string; to: string; tactics: MatrixTactic[] };
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
