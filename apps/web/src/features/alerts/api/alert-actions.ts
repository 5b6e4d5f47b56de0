import type { AlertDetailResponse, BulkAction, BulkBody, BulkResult, TransitionBody } from "@watchfloor/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { alertQueryKey } from "./get-alert";

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

export type { BulkAction, BulkResult };

export function useBulkUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkBody) => api.post<BulkResult>("/alerts/bulk-update", body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["alerts"] }),
  });
}
