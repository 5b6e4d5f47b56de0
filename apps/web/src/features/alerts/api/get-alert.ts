import type { AlertDetail, AlertDetailResponse, RelatedAlert, TechniqueInfo } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type { AlertDetail, AlertDetailResponse, RelatedAlert, TechniqueInfo };

export const alertQueryKey = (id: string) => ["alerts", "detail", id] as const;

export const alertQueryOptions = (id: string) =>
  queryOptions({
    queryKey: alertQueryKey(id),
    queryFn: ({ signal }) => api.get<AlertDetailResponse>(`/alerts/${encodeURIComponent(id)}`, undefined, signal),
  });

export function useAlert(id: string) {
  return useQuery(alertQueryOptions(id));
}
