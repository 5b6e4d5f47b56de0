import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { uploadFile } from "@/lib/upload-file";

export type IntelFeed = "kev" | "epss" | "cwe";
export type IntelFeedStatus = {
  feed: IntelFeed;
  entries: number;
  version: string | null;
  released: string | null;
  filename: string | null;
  loadedAt: string | null;
  loadedBy: string | null;
};
export type IntelImportReport = {
  feed: IntelFeed;
  format: string;
  filename: string | null;
  version: string | null;
  released: string | null;
  rowsRead: number;
  loaded: number;
  rejected: { row: number; problems: { field: string; reason: string }[] }[];
  rejectedCount: number;
  findingsUpdated: number;
};

export const intelStatusQueryOptions = queryOptions({
  queryKey: ["admin", "intel-status"],
  queryFn: ({ signal }) => api.get<{ feeds: IntelFeedStatus[] }>("/intel/status", undefined, signal).then((r) => r.feeds),
});

export const useIntelStatus = () => useQuery(intelStatusQueryOptions);

/** Sends a KEV, EPSS or CWE file as it is; the server detects the format (JSON or CSV) unless told. */
export function uploadIntelFile(feed: IntelFeed, file: File, onProgress: (fraction: number) => void, format?: string) {
  return uploadFile<IntelImportReport>(`/intel/${feed}`, file, { filename: file.name, format }, onProgress);
}
