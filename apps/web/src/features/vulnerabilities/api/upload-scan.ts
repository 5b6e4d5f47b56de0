import type { FindingImportReport } from "@watchfloor/shared";
import { uploadFile } from "@/lib/upload-file";

/** What a scanner import did (POST /imports/findings). `findings` are data-quality notes, not vulnerabilities. */
export type ScanImportReport = FindingImportReport;

/** Sends the scanner report as the raw request body, with upload progress. */
export function uploadScanFile(
  file: File,
  options: { tenantId: string; format?: string; partial?: boolean; includeInfo?: boolean },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ScanImportReport> {
  const query = {
    tenantId: options.tenantId,
    filename: file.name,
    format: options.format,
    partial: options.partial ? "true" : undefined,
    includeInfo: options.includeInfo ? "true" : undefined,
  };
  return uploadFile<ScanImportReport>("/imports/findings", file, query, onProgress, signal);
}
