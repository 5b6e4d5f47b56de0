import type {
  ExecutiveReport,
  IncidentDocument,
  IncidentsReport,
  ReportKind,
  ServiceReport,
  ThreatReport,
} from "@watchfloor/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type ReportOf = {
  executive: ExecutiveReport;
  service: ServiceReport;
  incidents: IncidentsReport;
  threat: ThreatReport;
};

/**
 * A report for the parameters in the URL. Under "alerts" on purpose: lib/live-events.ts
 * invalidates every ["alerts", ...] query when an alert changes, so an open report refreshes.
 */
export function useReport<K extends ReportKind>(kind: K, query: string) {
  return useQuery({
    queryKey: ["alerts", "report", kind, query],
    queryFn: ({ signal }) => api.get<ReportOf[K]>(`/reports/${kind}?${query}`, undefined, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useIncidentDocument(incidentId: string, tz: string) {
  return useQuery({
    queryKey: ["alerts", "report-document", incidentId, tz],
    queryFn: ({ signal }) =>
      api.get<IncidentDocument>(`/reports/incidents/${encodeURIComponent(incidentId)}/document`, { tz }, signal),
    retry: false,
  });
}
