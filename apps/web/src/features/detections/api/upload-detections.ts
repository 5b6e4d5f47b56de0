import type { EventIngestReport, RuleImportReport } from "@watchfloor/shared";
import { uploadFile } from "@/lib/upload-file";

/** Sends one Sigma rule file (YAML, one or more rules) or a zip of rule files. */
export function uploadRuleFile(
  file: File,
  options: { tenantId: string; enable: boolean },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<RuleImportReport> {
  const query = { tenantId: options.tenantId, filename: file.name, enable: options.enable ? "true" : undefined };
  return uploadFile<RuleImportReport>("/detections/rules/import", file, query, onProgress, signal);
}

/** Sends a file of raw events (JSON array, one event, or NDJSON) through the tenant's enabled rules. */
export function uploadEventFile(
  file: File,
  options: { tenantId: string },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<EventIngestReport> {
  return uploadFile<EventIngestReport>(
    "/detections/events/import",
    file,
    { tenantId: options.tenantId, filename: file.name },
    onProgress,
    signal,
  );
}
