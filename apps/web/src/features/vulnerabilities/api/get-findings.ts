import type { FindingPage } from "@watchfloor/shared";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

export type { FindingPage };
export type FindingApiQuery = Record<string, string>;

const pageSize = 50;

export const findingsQueryOptions = (query: FindingApiQuery, tenantId: string | null) =>
  infiniteQueryOptions({
    queryKey: ["findings", "list", tenantId, query],
    queryFn: ({ pageParam, signal }) =>
      api.get<FindingPage>("/findings", { ...query, cursor: pageParam, limit: pageSize }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Keyset pages ("Load more"); the previous result stays on screen while a new filter loads. */
export function useFindings(query: FindingApiQuery) {
  const tenantId = useSelectedTenantId();
  return useInfiniteQuery({ ...findingsQueryOptions(query, tenantId), placeholderData: keepPreviousData });
}
