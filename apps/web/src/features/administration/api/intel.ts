import type { IntelFeed, IntelImportReport, IntelStatus } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { uploadFile } from "@/lib/upload-file";

export type { IntelFeed, IntelImportReport };
export type IntelFeedStatus = IntelStatus["feeds"][number];

export const intelStatusQueryOptions = queryOptions({
  queryKey: ["admin", "intel-status"],
  queryFn: ({ signal }) => api.get<IntelStatus>("/intel/status", undefined, signal).then((r) => r.feeds),
});

export const useIntelStatus = () => useQuery(intelStatusQueryOptions);

/** Sends a KEV, EPSS or CWE file as it is; the server detects the format (JSON or CSV) unless told. */
export function uploadIntelFile(feed: IntelFeed, file: File, onProgress: (fraction: number) => void, format?: string) {
  return uploadFile<IntelImportReport>(`/intel/${feed}`, file, { filename: file.name, format }, onProgress);
}
