import { type AttackSurfaceQuery, attackSurfaceQuerySchema, attackSurfaceSorts } from "@watchfloor/shared";

/** Assets per page of the exposure table. */
export const surfacePageSize = 50;

export type SurfaceFilters = Pick<AttackSurfaceQuery, "expiringDays" | "port" | "service" | "q" | "scope" | "sort" | "offset"> & {
  newOnly: boolean;
};

export const sortLabels: Record<AttackSurfaceQuery["sort"], string> = {
  newest: "New exposures first",
  expiry: "Certificate expiry (soonest)",
  findings: "Open findings (most critical)",
  ports: "Open ports (most)",
  name: "Asset name",
};
export const surfaceSorts = attackSurfaceSorts;

const shape = attackSurfaceQuerySchema.shape;
/** One URL value through the API's own schema: a value the server would refuse is ignored. */
function read<K extends keyof typeof shape>(key: K, params: URLSearchParams) {
  const raw = params.get(key);
  if (raw === null || raw === "") return undefined;
  const parsed = shape[key].safeParse(raw);
  return parsed.success ? (parsed.data as AttackSurfaceQuery[K]) : undefined;
}

/** The page's filters live in the URL with the API's names: `?newOnly=true&expiringDays=30&port=443&service=nginx&q=shop&scope=internet&sort=expiry`. */
export function parseSurfaceParams(params: URLSearchParams): SurfaceFilters {
  return {
    newOnly: read("newOnly", params) === true,
    expiringDays: read("expiringDays", params),
    port: read("port", params),
    service: read("service", params),
    q: read("q", params),
    scope: read("scope", params) ?? "all",
    sort: read("sort", params) ?? "newest",
    offset: read("offset", params) ?? 0,
  };
}

/** What the API is asked: the filters, one page. */
export function surfaceApiQuery(f: SurfaceFilters): Record<string, string | number | undefined> {
  return {
    newOnly: f.newOnly ? "true" : undefined,
    expiringDays: f.expiringDays,
    port: f.port,
    service: f.service,
    q: f.q,
    scope: f.scope === "all" ? undefined : f.scope,
    sort: f.sort === "newest" ? undefined : f.sort,
    offset: f.offset || undefined,
    limit: surfacePageSize,
  };
}

/** The URL after a change; any change but paging starts again at the first page. Defaults are left out. */
export function withFilters(params: URLSearchParams, patch: Partial<SurfaceFilters>): URLSearchParams {
  const next = { ...parseSurfaceParams(params), offset: 0, ...patch };
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(surfaceApiQuery(next))) {
    if (key !== "limit" && value !== undefined && value !== "") out.set(key, String(value));
  }
  return out;
}

export function expiryFilterLabel(days: number): string {
  if (days < 0) return "Certificate expired";
  if (days === 0) return "Certificate expired or expiring today";
  return `Certificate expires within ${days} days`;
}

/** The active filters as chips (the sort is not a filter). */
export function filterChips(f: SurfaceFilters): { id: keyof SurfaceFilters; label: string }[] {
  const chips: { id: keyof SurfaceFilters; label: string }[] = [];
  if (f.newOnly) chips.push({ id: "newOnly", label: "New since previous scan" });
  if (f.expiringDays !== undefined) chips.push({ id: "expiringDays", label: expiryFilterLabel(f.expiringDays) });
  if (f.port !== undefined) chips.push({ id: "port", label: `Port ${f.port}` });
  if (f.service) chips.push({ id: "service", label: `Service “${f.service}”` });
  if (f.q) chips.push({ id: "q", label: `Text “${f.q}”` });
  if (f.scope === "internet") chips.push({ id: "scope", label: "Internet-facing only" });
  return chips;
}
