import type {
  MdrAcknowledgeBody,
  MdrBoard,
  MdrContact,
  MdrContactBody,
  MdrCoverage,
  MdrEscalation,
  MdrEscalationBody,
  MdrEscalationSettings,
  MdrExpectedIntervalBody,
  MdrHandover,
  MdrHandoverBody,
  MdrMatrixBody,
  MdrReassignBody,
  MdrReassignResult,
  MdrSourceComponentsBody,
  MdrSourceHealth,
  MdrSources,
  MdrWorkload,
} from "@watchfloor/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

export const mdrKey = ["mdr"] as const;

/** The MDR reads, each for the tenant picker's scope (the API client sends the selected tenant). */
function useMdrQuery<T>(what: string, path: string, query?: Record<string, string>, enabled = true) {
  const tenantId = useSelectedTenantId();
  return useQuery({
    queryKey: [...mdrKey, what, tenantId, query ?? null],
    queryFn: ({ signal }) => api.get<T>(path, query, signal),
    enabled,
  });
}

export const useMdrBoard = () => useMdrQuery<MdrBoard>("board", "/mdr/board");
export const useMdrSources = () => useMdrQuery<MdrSources>("sources", "/mdr/sources");
export const useMdrWorkload = () => useMdrQuery<MdrWorkload>("workload", "/mdr/workload");
export const useMdrCoverage = (tenantId: string | null) =>
  useMdrQuery<MdrCoverage>("coverage", "/mdr/coverage", { tenantId: tenantId ?? "" }, tenantId !== null);
export const useMdrHandovers = () => useMdrQuery<{ items: MdrHandover[] }>("handovers", "/mdr/handovers");
export const useMdrEscalations = () => useMdrQuery<{ items: MdrEscalation[] }>("escalations", "/mdr/escalations");
export const useEscalationSettings = (tenantId: string | null) =>
  useMdrQuery<MdrEscalationSettings>("settings", "/mdr/escalation-settings", { tenantId: tenantId ?? "" }, tenantId !== null);

function useMdrMutation<B, R>(send: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: mdrKey }) });
}

export const useCreateHandover = () => useMdrMutation((body: MdrHandoverBody) => api.post<MdrHandover>("/mdr/handovers", body));
export const useRecordEscalation = () =>
  useMdrMutation((body: MdrEscalationBody) => api.post<MdrEscalation>("/mdr/escalations", body));
export const useAcknowledgeEscalation = () =>
  useMdrMutation(({ id, ...body }: MdrAcknowledgeBody & { id: string }) =>
    api.post<MdrEscalation>(`/mdr/escalations/${encodeURIComponent(id)}/acknowledge`, body),
  );
export const useAddContact = () => useMdrMutation((body: MdrContactBody) => api.post<MdrContact>("/mdr/contacts", body));
export const useRemoveContact = () => useMdrMutation((id: string) => api.delete(`/mdr/contacts/${encodeURIComponent(id)}`));
export const useSetMatrix = () =>
  useMdrMutation((body: MdrMatrixBody) => api.put<MdrEscalationSettings>("/mdr/escalation-matrix", body));
export const useSetComponents = () =>
  useMdrMutation((body: MdrSourceComponentsBody) => api.put<MdrCoverage>("/mdr/sources/components", body));
export const useSetExpected = () =>
  useMdrMutation((body: MdrExpectedIntervalBody) => api.put<MdrSourceHealth>("/mdr/sources/expected", body));
/** Reassigned alerts change the alert lists too, so those are read again as well. */
export const useReassign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MdrReassignBody) => api.post<MdrReassignResult>("/mdr/workload/reassign", body),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: mdrKey }), queryClient.invalidateQueries({ queryKey: ["alerts"] })]),
  });
};
