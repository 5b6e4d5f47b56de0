import type {
  BulkResult,
  EscalateBody,
  IncidentBulkBody,
  IncidentCreateBody,
  IncidentDetail,
  IncidentUpdateBody,
  TransitionBody,
} from "@watchfloor/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { incidentQueryKey } from "./get-incident";

const enc = encodeURIComponent;

function useIncidentMutation<T>(call: (body: T) => Promise<IncidentDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      queryClient.setQueryData(incidentQueryKey(detail.incident.id), detail);
      void queryClient.invalidateQueries({ queryKey: ["incidents", "list"] });
      // Escalation changes the alerts too (their incident link).
      void queryClient.invalidateQueries({ queryKey: ["alerts"] });
    },
  });
}

export type CreateIncidentBody = IncidentCreateBody;

export function useCreateIncident() {
  return useIncidentMutation((body: CreateIncidentBody) => api.post<IncidentDetail>("/incidents", body));
}

export function useEscalate() {
  return useIncidentMutation((body: EscalateBody) => api.post<IncidentDetail>("/incidents/escalate", body));
}

export type IncidentUpdate = IncidentUpdateBody;

export function useUpdateIncident(id: string) {
  return useIncidentMutation((body: IncidentUpdate) => api.patch<IncidentDetail>(`/incidents/${enc(id)}`, body));
}

export function useTransitionIncident(id: string) {
  return useIncidentMutation((body: TransitionBody) => api.post<IncidentDetail>(`/incidents/${enc(id)}/transition`, body));
}

export function useCommentOnIncident(id: string) {
  return useIncidentMutation((comment: string) => api.post<IncidentDetail>(`/incidents/${enc(id)}/comments`, { comment }));
}

export type IncidentBulkAction = IncidentBulkBody["action"];

/** One action on the selected incidents; each reports its own outcome. */
export function useBulkUpdateIncidents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IncidentBulkBody) => api.post<BulkResult>("/incidents/bulk-update", body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["incidents"] }),
  });
}
