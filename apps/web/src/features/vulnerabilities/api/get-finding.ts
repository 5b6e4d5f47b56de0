import type { FindingDetail } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type { FindingDetail };

export const findingQueryKey = (id: string) => ["findings", "detail", id] as const;

export const findingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: findingQueryKey(id),
    queryFn: ({ signal }) => api.get<FindingDetail>(`/findings/${encodeURIComponent(id)}`, undefined, signal),
  });

export function useFinding(id: string) {
  return useQuery(findingQueryOptions(id));
}
