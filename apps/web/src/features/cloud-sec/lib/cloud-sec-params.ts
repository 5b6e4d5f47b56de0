import { type CloudSecResourcesQuery, cloudSecResourceSorts, cloudSecResourcesQuerySchema } from "@watchfloor/shared";

/** Resources per page of the table. */
export const resourcePageSize = 50;

export type ResourceFilters = Pick<
  CloudSecResourcesQuery,
  "account" | "service" | "region" | "category" | "q" | "sort" | "offset"
> & { failing: boolean };

export const sortLabels: Record<CloudSecResourcesQuery["sort"], string> = {
  severity: "Most severe first",
  failing: "Most failing checks first",
  resource: "Resource",
  account: "Account",
};
export const resourceSorts = cloudSecResourceSorts;

const shape = cloudSecResourcesQuerySchema.shape;
/** One URL value through the API's own schema: a value the server would refuse is ignored. */
function read<K extends keyof typeof shape>(key: K, params: URLSearchParams) {
  const raw = params.get(key);
  if (raw === null || raw === "") return undefined;
  const parsed = shape[key].safeParse(raw);
  return parsed.success ? (parsed.data as CloudSecResourcesQuery[K]) : undefined;
}

/** The page's filters live in the URL with the API's names: `?category=public&service=s3&region=eu-west-1&q=bucket`. */
export function parseResourceParams(params: URLSearchParams): ResourceFilters {
  return {
    account: read("account", params),
    service: read("service", params),
    region: read("region", params),
    category: read("category", params),
    q: read("q", params),
    failing: read("failing", params) === true,
    sort: read("sort", params) ?? "severity",
    offset: read("offset", params) ?? 0,
  };
}

/** What the API is asked: the filters, one page. */
export function resourceApiQuery(f: ResourceFilters): Record<string, string | number | undefined> {
  return {
    account: f.account,
    service: f.service,
    region: f.region,
    category: f.category,
    q: f.q,
    failing: f.failing ? "true" : undefined,
    sort: f.sort === "severity" ? undefined : f.sort,
    offset: f.offset || undefined,
    limit: resourcePageSize,
  };
}

/** The URL after a change; any change but paging starts again at the first page. Defaults are left out. */
export function withFilters(params: URLSearchParams, patch: Partial<ResourceFilters>): URLSearchParams {
  const next = { ...parseResourceParams(params), offset: 0, ...patch };
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(resourceApiQuery(next))) {
    if (key !== "limit" && value !== undefined && value !== "") out.set(key, String(value));
  }
  return out;
}

/** The filters a resource's checks are read with: the row shows the counts of these results. */
export function checkFilters(f: ResourceFilters) {
  return { service: f.service, region: f.region, category: f.category, q: f.q };
}

/** The active filters as chips (the sort and the category tabs are not chips). */
export function filterChips(
  f: ResourceFilters,
  accountName: (id: string) => string,
): { id: keyof ResourceFilters; label: string }[] {
  const chips: { id: keyof ResourceFilters; label: string }[] = [];
  if (f.account) chips.push({ id: "account", label: `Account ${accountName(f.account)}` });
  if (f.service) chips.push({ id: "service", label: `Service ${f.service}` });
  if (f.region) chips.push({ id: "region", label: `Region ${f.region}` });
  if (f.failing) chips.push({ id: "failing", label: "Failing only" });
  if (f.q) chips.push({ id: "q", label: `Text “${f.q}”` });
  return chips;
}

/** "Production (123456789012)", or the id alone when the tool gave no other name. */
export const accountLabel = (a: { accountId: string; accountName: string | null }) =>
  a.accountName && a.accountName !== a.accountId ? `${a.accountName} (${a.accountId})` : a.accountId;
