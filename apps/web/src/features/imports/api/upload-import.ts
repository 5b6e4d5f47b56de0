import { apiErrorSchema } from "@watchfloor/shared";
import { env } from "@/config/env";
import { ApiRequestError } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { sessionQueryOptions } from "@/lib/session";

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
};

/**
 * Sends the file as the raw request body. XMLHttpRequest rather than fetch: only it reports
 * upload progress. Same conventions as the API client: CSRF header, server error shape.
 */
export function uploadAlertFile(
  file: File,
  options: { tenantId: string; format?: string },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImportReport> {
  const query = new URLSearchParams({ tenantId: options.tenantId, filename: file.name });
  if (options.format) query.set("format", options.format);
  const csrf = queryClient.getQueryData(sessionQueryOptions.queryKey)?.csrfToken;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${env.apiBase}/imports/alerts?${query}`);
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.setRequestHeader("accept", "application/json");
    if (csrf) xhr.setRequestHeader("x-csrf-token", csrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as ImportReport);
        return;
      }
      const parsed = apiErrorSchema.safeParse(body);
      reject(
        new ApiRequestError(
          xhr.status,
          parsed.success ? parsed.data : { code: "HTTP_ERROR", message: `The server answered ${xhr.status}.` },
        ),
      );
    };
    xhr.onerror = () =>
      reject(new ApiRequestError(0, { code: "NETWORK", message: "The upload failed: the server could not be reached." }));
    xhr.onabort = () => reject(new ApiRequestError(0, { code: "ABORTED", message: "The upload was cancelled." }));
    signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(file);
  });
}
