import type { ComplianceImportReport } from "@watchfloor/shared";
import { uploadFile } from "@/lib/upload-file";

/** Sends a configuration-assessment file as the raw request body, with upload progress. */
export function uploadComplianceFile(
  file: File,
  options: { tenantId: string; format?: string; target?: string },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ComplianceImportReport> {
  const query = { tenantId: options.tenantId, filename: file.name, format: options.format, target: options.target || undefined };
  return uploadFile<ComplianceImportReport>("/imports/compliance", file, query, onProgress, signal);
}
