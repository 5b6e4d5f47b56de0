import { uploadFile } from "@/lib/upload-file";

/** What a scanner import did (POST /imports/findings). `findings` are data-quality notes, not vulnerabilities. */
export type ScanImportReport = {
  importId: string;
  format: string;
  filename: string | null;
  fullScan: boolean;
  rowsRead: number;
  created: number;
  updated: number;
  merged: number;
  reopened: number;
  fixed: number;
  assetsCreated: number;
  assetsMatched: number;
  skipped: { reason: string; count: number }[];
  rejected: { row: number; problems: { field: string; reason: string }[] }[];
  rejectedCount: number;
  findings: { row: number; field: string; value: string; kind: string; message: string }[];
  findingCount: number;
};

/** Sends the scanner report as the raw request body, with upload progress. */
export function uploadScanFile(
  file: File,
  options: { tenantId: string; format?: string; partial?: boolean },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ScanImportReport> {
  const query = {
    tenantId: options.tenantId,
    filename: file.name,
    format: options.format,
    partial: options.partial ? "true" : undefined,
  };
  return uploadFile<ScanImportReport>("/imports/findings", file, query, onProgress, signal);
}
