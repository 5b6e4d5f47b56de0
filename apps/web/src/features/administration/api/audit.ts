import type { AuditEntry, AuditPage } from "@watchfloor/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

export type { AuditEntry };

export const auditQueryOptions = (tenantId: string | null, event: string) =>
  infiniteQueryOptions({
    queryKey: ["admin", "audit", tenantId, event],
    queryFn: ({ pageParam }) =>
      api.get<AuditPage>("/audit", {
        limit: 50,
        cursor: pageParam,
        event: event || undefined,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAudit(event: string) {
  return useInfiniteQuery(auditQueryOptions(useSelectedTenantId(), event));
}
