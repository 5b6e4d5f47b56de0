import type { CloudSecCategory, CloudSecCheck, CloudSecResource, CloudSecSummary } from "@watchfloor/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { type ResourceFilters, resourceApiQuery } from "../lib/cloud-sec-params";

export const cloudSecKey = ["cloud-sec"] as const;

export const cloudSecSummaryQueryOptions = (tenantId: string | null) =>
  queryOptions({
    queryKey: [...cloudSecKey, "summary", tenantId],
    queryFn: ({ signal }) => api.get<CloudSecSummary>("/cloud-sec/summary", undefined, signal),
  });

/** Figures, accounts, services and categories of the tenants in scope that have Cloud Sec. */
export const useCloudSecSummary = () => useQuery(cloudSecSummaryQueryOptions(useSelectedTenantId()));

export const cloudSecResourcesQueryOptions = (filters: ResourceFilters, tenantId: string | null) =>
  queryOptions({
    queryKey: [...cloudSecKey, "resources", tenantId, filters],
    queryFn: ({ signal }) =>
      api.get<{ items: CloudSecResource[]; total: number }>("/cloud-sec/resources", resourceApiQuery(filters), signal),
  });

/** The current page stays on screen while other filters load. */
export function useCloudSecResources(filters: ResourceFilters) {
  const tenantId = useSelectedTenantId();
  return useQuery({ ...cloudSecResourcesQueryOptions(filters, tenantId), placeholderData: keepPreviousData });
}

export type ChecksOf = {
  tenantId: string;
  account: string;
  resourceId: string | null;
  service?: string;
  region?: string;
  category?: CloudSecCategory;
  q?: string;
};

/** One resource's checks, read when its row is opened. */
export function useCloudSecChecks(of: ChecksOf) {
  const tenantId = useSelectedTenantId();
  return useQuery({
    queryKey: [...cloudSecKey, "checks", tenantId, of],
    queryFn: ({ signal }) =>
      api.get<{ items: CloudSecCheck[]; total: number }>(
        "/cloud-sec/checks",
        { ...of, resourceId: of.resourceId ?? undefined },
        signal,
      ),
  });
}
