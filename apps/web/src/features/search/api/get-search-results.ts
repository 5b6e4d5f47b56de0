import type { AlertPage, AssetPage, FindingPage, IncidentPage } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

/** How many of each kind the search page shows; the lists behind "See all" page through the rest. */
export const searchPreviewSize = 5;

export type SearchResults = {
  alerts: AlertPage;
  incidents: IncidentPage;
  findings: FindingPage;
  assets: AssetPage;
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
        api.get<AlertPage>("/alerts", { view: "all", q, limit }, signal),
        api.get<IncidentPage>("/incidents", { view: "all", q, limit }, signal),
        api.get<FindingPage>("/findings", { view: "all", q, limit }, signal),
        api.get<AssetPage>("/assets", { q, limit }, signal),
      ]);
      return { alerts, incidents, findings, assets };
    },
    enabled: q.length > 0,
  });

export function useSearchResults(q: string) {
  const tenantId = useSelectedTenantId();
  return useQuery(searchQueryOptions(q, tenantId));
}
