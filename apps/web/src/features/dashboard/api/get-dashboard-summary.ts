import type { DashboardSummary } from "@watchfloor/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

/**
 * The key sits under "alerts" on purpose: lib/live-events.ts invalidates every ["alerts", ...]
 * query when an alert changes, so the overview refreshes live without a list of its own there.
 */
export const dashboardSummaryQueryOptions = (from: string, to: string, tenantId: string | null) =>
  queryOptions({
    queryKey: ["alerts", "dashboard-summary", tenantId, from, to],
    queryFn: ({ signal }) => api.get<DashboardSummary>("/dashboard/summary", { from, to }, signal),
  });

/** The figures stay on screen while a new range or tenant loads (no flash of empty cards). */
export function useDashboardSummary(from: string, to: string) {
  const tenantId = useSelectedTenantId();
  return useQuery({ ...dashboardSummaryQueryOptions(from, to, tenantId), placeholderData: keepPreviousData });
}
