import type { CloudPosture } from "@watchfloor/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

export const cloudPostureQueryOptions = (tenantId: string | null) =>
  queryOptions({
    queryKey: ["findings", "cloud-posture", tenantId],
    queryFn: ({ signal }) => api.get<CloudPosture>("/risk/cloud-posture", undefined, signal),
  });

export function useCloudPosture() {
  return useQuery(cloudPostureQueryOptions(useSelectedTenantId()));
}
