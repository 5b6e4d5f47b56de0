import type { AlertSummary, AssetSummary, FindingSummary, IncidentSummary } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

type Page<T> = { items: T[]; nextCursor: string | null };

/** How many of each kind the search page shows; the lists behind "See all" page through the rest. */
export const searchPreviewSize = 5;

export type SearchResults = {
  alerts: Page<AlertSummary>;
  incidents: Page<IncidentSummary>;
  findings: Page<FindingSummary>;
  assets: Page<AssetSummary>;
};

/**
 * One search across the lists' own free-text filters (the same server queries the lists run),
 * in the tenant picked in the header or all of the user's tenants.
 */
export const searchQueryOptions = (q: string, tenantId: string | null) =>
  queryOptions({
    queryKey: ["search", tenantId, q],
    queryFn: async ({ signal }): Promise<SearchResults> => {
      const limit = searchPreviewSize;
      const [alerts, incidents, findings, assets] = await Promise.all([
        api.get<Page<AlertSummary>>("/alerts", { view: "all", q, limit }, signal),
        api.get<Page<IncidentSummary>>("/incidents", { view: "all", q, limit }, signal),
        api.get<Page<FindingSummary>>("/findings", { view: "all", q, limit }, signal),
        api.get<Page<AssetSummary>>("/assets", { q, limit }, signal),
      ]);
      return { alerts, incidents, findings, assets };
    },
    enabled: q.length > 0,
  });

export function useSearchResults(q: string) {
  const tenantId = useSelectedTenantId();
  return useQuery(searchQueryOptions(q, tenantId));
}
