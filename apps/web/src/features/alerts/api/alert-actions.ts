import type { IncidentStatus, TransitionBody } from "@watchfloor/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type AlertDetailResponse, alertQueryKey } from "./get-alert";

const enc = encodeURIComponent;

/** Every write answers with the fresh detail: put it in the cache, refresh the lists. */
function useDetailMutation<T>(id: string, call: (body: T) => Promise<AlertDetailResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      queryClient.setQueryData(alertQueryKey(id), detail);
      void queryClient.invalidateQueries({ queryKey: ["alerts", "list"] });
    },
  });
}

export function useTransitionAlert(id: string) {
  return useDetailMutation(id, (body: TransitionBody) => api.post<AlertDetailResponse>(`/alerts/${enc(id)}/transition`, body));
}

export function useAssignAlert(id: string) {
  return useDetailMutation(id, (assigneeUserId: string | null) =>
    api.post<AlertDetailResponse>(`/alerts/${enc(id)}/assign`, { assigneeUserId }),
  );
}

export function useCommentOnAlert(id: string) {
  return useDetailMutation(id, (comment: string) => api.post<AlertDetailResponse>(`/alerts/${enc(id)}/comments`, { comment }));
}

export type BulkAction =
  | { type: "assign"; assigneeUserId: string | null }
  | { type: "status"; status: IncidentStatus; resolutionType?: "Manual" | "Automated"; closureNotes?: string };
export type BulkResult = { updated: number; results: { id: string; ok: boolean; error?: string }[] };

export function useBulkUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[]; action: BulkAction }) => api.post<BulkResult>("/alerts/bulk-update", body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["alerts"] }),
  });
}
