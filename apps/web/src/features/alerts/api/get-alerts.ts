import type { AlertPage } from "@watchfloor/shared";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

export type AlertApiQuery = Record<string, string>;

const pageSize = 50;

export const alertsQueryOptions = (query: AlertApiQuery, tenantId: string | null) =>
  infiniteQueryOptions({
    queryKey: ["alerts", "list", tenantId, query],
    queryFn: ({ pageParam, signal }) => api.get<AlertPage>("/alerts", { ...query, cursor: pageParam, limit: pageSize }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Keyset pages ("Load more"); the previous result stays on screen while a new filter loads. */
export function useAlerts(query: AlertApiQuery) {
  const tenantId = useSelectedTenantId();
  return useInfiniteQuery({ ...alertsQueryOptions(query, tenantId), placeholderData: keepPreviousData });
}
