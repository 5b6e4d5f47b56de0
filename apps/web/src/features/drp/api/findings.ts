import type { DrpAlertScanReport, DrpFeed, DrpFinding, DrpFindingPage, DrpImportReport, DrpStatusBody } from "@watchfloor/shared";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { uploadFile } from "@/lib/upload-file";

/** The list's filters, as the URL carries them (empty: any). */
export type FindingFilters = { status: string; kind: string; confidence: string; tenantId: string };

export const findingsQueryOptions = (selected: string | null, filters: FindingFilters) =>
  infiniteQueryOptions({
    queryKey: ["drp", "findings", selected, filters],
    queryFn: ({ pageParam, signal }) =>
      api.get<DrpFindingPage>(
        "/drp/findings",
        {
          limit: 50,
          cursor: pageParam,
          status: filters.status || undefined,
          kind: filters.kind || undefined,
          confidence: filters.confidence || undefined,
          tenantId: filters.tenantId || undefined,
        },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useDrpFindings = (filters: FindingFilters, enabled: boolean) =>
  useInfiniteQuery({ ...findingsQueryOptions(useSelectedTenantId(), filters), enabled, placeholderData: keepPreviousData });

export function useMoveFinding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DrpStatusBody }) =>
      api.post<DrpFinding>(`/drp/findings/${encodeURIComponent(id)}/status`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["drp", "findings"] }),
  });
}

/** Sends a feed file as the raw request body, with upload progress. */
export function uploadDrpFeed(
  file: File,
  options: { tenantId: string; feed: DrpFeed },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<DrpImportReport> {
  return uploadFile<DrpImportReport>("/drp/imports", file, { ...options, filename: file.name }, onProgress, signal);
}

export function useScanAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { tenantId: string; days: number }) => api.post<DrpAlertScanReport>("/drp/scan-alerts", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["drp", "findings"] }),
  });
}
