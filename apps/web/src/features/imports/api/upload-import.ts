import type { RoutedImportReport } from "@watchfloor/shared";
import { uploadFile } from "@/lib/upload-file";

export type ImportReport = {
  importId: string;
  format: string;
  filename: string | null;
  rowsRead: number;
  created: number;
  updated: number;
  skipped: { reason: string; count: number }[];
  rejected: { row: number; problems: { field: string; reason: string }[] }[];
  rejectedCount: number;
  findings: { row: number; field: string; value: string; kind: string; message: string }[];
  findingCount: number;
  routed: RoutedImportReport[];
};

/** Sends the alert file as the raw request body, with upload progress. */
export function uploadAlertFile(
  file: File,
  options: { tenantId: string; format?: string },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImportReport> {
  const query = { tenantId: options.tenantId, filename: file.name, format: options.format };
  return uploadFile<ImportReport>("/imports/alerts", file, query, onProgress, signal);
}
