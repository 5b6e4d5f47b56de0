import { type ApiError, apiErrorSchema, errorCodes } from "@watchfloor/shared";
import { env } from "@/config/env";
import { loginPath } from "@/config/paths";
import { getSelectedTenantId } from "./tenant-scope";

/** A failed API call, carrying the server's error shape. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: NonNullable<ApiError["details"]>;
  readonly requestId?: string;

  constructor(status: number, body: ApiError) {
    super(body.message);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = body.code;
    this.details = body.details ?? [];
    this.requestId = body.requestId;
  }

  /** Field errors keyed by body field name ("password", "email"...), first message wins. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const d of this.details) if (d.path && !out[d.path]) out[d.path] = d.message;
    return out;
  }
}

let csrfToken: string | null = null;

/** The session endpoint hands out the token; every non-GET request must echo it. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

// Calls made while signing in or reading the session answer 401 as part of their normal flow;
// only data calls mean "your session is gone, sign in again".
const authFlowPaths = ["/auth/session", "/auth/sign-in", "/auth/sign-up", "/auth/sign-out", "/auth/invitation", "/auth/password"];

// Auth routes and the tenant list are never tenant-scoped: the header would be meaningless there.
// Reports name their tenants in the URL (`tenants=`), like their PDF and CSV links, which cannot
// send headers: the picker's choice is their default, not a narrowing.
function sendsTenantHeader(path: string, method: string): boolean {
  if (path.startsWith("/auth/") || path.startsWith("/reports")) return false;
  if (path === "/tenants" && method === "GET") return false;
  return true;
}

let redirecting = false;
function redirectToLogin(expired: boolean): void {
  if (redirecting) return;
  redirecting = true;
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(loginPath(here, expired));
}

type RequestOptions = {
  method?: string;
  body?: unknown;
  /** Sent as it is with JSON content type (a file the server parses itself). */
  rawBody?: string;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
};

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined || options.rawBody !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET" && csrfToken) headers["x-csrf-token"] = csrfToken;
  const tenantId = getSelectedTenantId();
  if (tenantId && sendsTenantHeader(path, method)) headers["x-tenant-id"] = tenantId;

  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const query = params.toString();
  const url = `${env.apiBase}${path}${query ? `?${query}` : ""}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiRequestError(0, {
      code: "NETWORK",
      message: "The server could not be reached. Check your connection and retry.",
    });
  }

  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const json: unknown = text ? safeJson(text) : undefined;
  if (response.ok) return json as T;

  const parsed = apiErrorSchema.safeParse(json);
  const error = new ApiRequestError(
    response.status,
    parsed.success
      ? parsed.data
      : { code: "HTTP_ERROR", message: `The server answered ${response.status} ${response.statusText}.` },
  );
  const isAuthFlow = authFlowPaths.some((p) => path.startsWith(p));
  if (
    response.status === 401 &&
    !isAuthFlow &&
    (error.code === errorCodes.sessionExpired || error.code === errorCodes.unauthenticated)
  ) {
    redirectToLogin(error.code === errorCodes.sessionExpired);
  }
  throw error;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const api = {
  get: <T>(path: string, query?: RequestOptions["query"], signal?: AbortSignal) => apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "POST", body: body ?? {} }),
  put: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: "PUT", body }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: "PATCH", body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: "DELETE" }),
};

/** A readable message for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return "Something went wrong.";
}
