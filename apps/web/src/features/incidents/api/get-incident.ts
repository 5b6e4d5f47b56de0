import type { IncidentDetail } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type { IncidentDetail };

export const incidentQueryKey = (id: string) => ["incidents", "detail", id] as const;

export const incidentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: incidentQueryKey(id),
    queryFn: ({ signal }) => api.get<IncidentDetail>(`/incidents/${encodeURIComponent(id)}`, undefined, signal),
  });

export function useIncident(id: string) {
  return useQuery(incidentQueryOptions(id));
}
