import type { AlertImportReport } from "@watchfloor/shared";
import { uploadFile } from "@/lib/upload-file";

export type ImportReport = AlertImportReport;

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
