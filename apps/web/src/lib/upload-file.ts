import { apiErrorSchema } from "@watchfloor/shared";
import { env } from "@/config/env";
import { ApiRequestError } from "./api-client";
import { queryClient } from "./query-client";
import { sessionQueryOptions } from "./session";

/**
 * POSTs a file as the raw request body to an API path and resolves with the JSON answer.
 * XMLHttpRequest rather than fetch: only it reports upload progress. Same conventions as the API
 * client: CSRF header, the server's error shape.
 */
export function uploadFile<T>(
  path: string,
  file: File,
  query: Record<string, string | undefined>,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const csrf = queryClient.getQueryData(sessionQueryOptions.queryKey)?.csrfToken;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${env.apiBase}${path}?${params}`);
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
        resolve(body as T);
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
