import type { IncidentPage } from "@watchfloor/shared";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

/** The list's API query (view, filters, sort) as URL parameters, without cursor and limit. */
export type IncidentApiQuery = Record<string, string>;

const pageSize = 50;

export const incidentsQueryOptions = (query: IncidentApiQuery, tenantId: string | null) =>
  infiniteQueryOptions({
    queryKey: ["incidents", "list", tenantId, query],
    queryFn: ({ pageParam, signal }) =>
      api.get<IncidentPage>("/incidents", { ...query, cursor: pageParam, limit: pageSize }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Keyset pages ("Load more"); the previous result stays on screen while a new filter loads. */
export function useIncidents(query: IncidentApiQuery) {
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
