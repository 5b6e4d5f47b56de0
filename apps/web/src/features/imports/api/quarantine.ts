import type { AlertInput, QuarantinePage, QuarantineRow } from "@watchfloor/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type { QuarantineRow };

export const quarantineQueryOptions = (importId: string | null) =>
  queryOptions({
    queryKey: ["quarantine", importId],
    queryFn: () => api.get<QuarantinePage>("/quarantine", { importId }).then((r) => r.items),
  });

export function useQuarantine(importId: string | null) {
  return useQuery(quarantineQueryOptions(importId));
}

export function useResubmit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rowId, alert }: { rowId: string; alert: AlertInput }) =>
      api.post(`/quarantine/${encodeURIComponent(rowId)}/resubmit`, { alert }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["quarantine"] });
      void queryClient.invalidateQueries({ queryKey: ["alerts"] });
    },
  });
}

export function useDiscard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rowId: string) => api.delete(`/quarantine/${encodeURIComponent(rowId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["quarantine"] }),
  });
}
