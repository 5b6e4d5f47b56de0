import type { MapPoints } from "@watchfloor/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

/**
 * Under "alerts" like the overview: lib/live-events.ts invalidates every ["alerts", ...] query
 * when an alert or incident changes, so a new incident appears on the map without a reload.
 */
export const mapPointsQueryOptions = (from: string, to: string, tenantId: string | null) =>
  queryOptions({
    queryKey: ["alerts", "map-points", tenantId, from, to],
    queryFn: ({ signal }) => api.get<MapPoints>("/map/points", { from, to }, signal),
  });

/** The points stay on screen while another window or tenant loads. */
export function useMapPoints(from: string, to: string) {
  const tenantId = useSelectedTenantId();
  return useQuery({ ...mapPointsQueryOptions(from, to, tenantId), placeholderData: keepPreviousData });
}
