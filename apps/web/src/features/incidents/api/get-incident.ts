import type { IncidentStatus, IncidentSummary, Priority } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TimelineEntry } from "@/components/ui/timeline";
import { api } from "@/lib/api-client";

export type IncidentDetail = {
  incident: IncidentSummary & {
    description: string | null;
    rootCause: string | null;
    resolutionType: string | null;
    closureNotes: string | null;
    ticketId: string | null;
  };
  allowedMoves: string[];
  alerts: { id: string; name: string; priority: Priority; status: IncidentStatus; source: string; detectedAt: string }[];
  timeline: TimelineEntry[];
};

export const incidentQueryKey = (id: string) => ["incidents", "detail", id] as const;

export const incidentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: incidentQueryKey(id),
    queryFn: ({ signal }) => api.get<IncidentDetail>(`/incidents/${encodeURIComponent(id)}`, undefined, signal),
  });

export function useIncident(id: string) {
  return useQuery(incidentQueryOptions(id));
}
