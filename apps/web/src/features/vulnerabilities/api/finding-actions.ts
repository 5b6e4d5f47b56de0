import type { BulkResult, FindingBulkBody, FindingDetail, FindingStatusBody } from "@watchfloor/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { findingQueryKey } from "./get-finding";

const enc = encodeURIComponent;

/** Every write answers with the fresh detail: put it in the cache, refresh the lists and asset pages. */
function useDetailMutation<T>(id: string, call: (body: T) => Promise<FindingDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      queryClient.setQueryData(findingQueryKey(id), detail);
      void queryClient.invalidateQueries({ queryKey: ["findings", "list"] });
      void queryClient.invalidateQueries({ queryKey: ["assets"] });
    },
  });
}

export function useChangeFindingStatus(id: string) {
  return useDetailMutation(id, (body: FindingStatusBody) => api.post<FindingDetail>(`/findings/${enc(id)}/status`, body));
}

export function useAssignFinding(id: string) {
  return useDetailMutation(id, (assigneeUserId: string | null) =>
    api.post<FindingDetail>(`/findings/${enc(id)}/assign`, { assigneeUserId }),
  );
}

export function useCommentOnFinding(id: string) {
  return useDetailMutation(id, (comment: string) => api.post<FindingDetail>(`/findings/${enc(id)}/comments`, { comment }));
}

export type FindingBulkAction = FindingBulkBody["action"];
export type FindingBulkResult = BulkResult;

export function useBulkFindings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FindingBulkBody) => api.post<FindingBulkResult>("/findings/bulk", body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["findings"] }),
        queryClient.invalidateQueries({ queryKey: ["assets"] }),
      ]),
  });
}
