import type { ReportArchivePage, ReportKind } from "@watchfloor/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const archiveKey = ["reports", "archive"] as const;

/** The newest archived reports the person may read (of one kind, or all). */
export function useArchive(kind?: ReportKind) {
  return useQuery({
    queryKey: [...archiveKey, kind ?? "all"],
    queryFn: ({ signal }) => api.get<ReportArchivePage>("/reports/archive", { kind, limit: 50 }, signal),
  });
}

export function useDeleteArchived() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/reports/archive/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: archiveKey }),
  });
}

/**
 * A PDF download is a plain link the server answers with the file and an archive entry: the
 * archive list is read again once the download has had time to finish.
 */
export function useRefreshArchiveSoon() {
  const client = useQueryClient();
  return () => {
    for (const ms of [1500, 5000]) setTimeout(() => client.invalidateQueries({ queryKey: archiveKey }), ms);
  };
}
