import type { IncidentSummary } from "@watchfloor/shared";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

export type IncidentPage = { items: IncidentSummary[]; nextCursor: string | null };
export type IncidentQuery = { view: string; status?: string; priority?: string; q?: string };

export const incidentsQueryOptions = (query: IncidentQuery, tenantId: string | null) =>
  infiniteQueryOptions({
    queryKey: ["incidents", "list", tenantId, query],
    queryFn: ({ pageParam, signal }) => api.get<IncidentPage>("/incidents", { ...query, cursor: pageParam, limit: 50 }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useIncidents(query: IncidentQuery) {
  const tenantId = useSelectedTenantId();
  return useInfiniteQuery({ ...incidentsQueryOptions(query, tenantId), placeholderData: keepPreviousData });
}

/** Open incidents (first 200), for "add to an existing incident". */
export function useOpenIncidents() {
  const tenantId = useSelectedTenantId();
  return useQuery({
    queryKey: ["incidents", "open-picker", tenantId],
    queryFn: () => api.get<IncidentPage>("/incidents", { view: "open", limit: 200 }).then((r) => r.items),
  });
}
