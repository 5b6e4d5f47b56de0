import type { RiskSummary } from "@watchfloor/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSelectedTenantId } from "@/lib/tenant-scope";

/** Under "findings": whatever refreshes the finding lists after a change refreshes the risk view too. */
export const riskSummaryQueryOptions = (days: number, tenantId: string | null) =>
  queryOptions({
    queryKey: ["findings", "risk-summary", tenantId, days],
    queryFn: ({ signal }) => api.get<RiskSummary>("/risk/summary", { days }, signal),
  });

/** The previous figures stay on screen while another window or tenant loads. */
export function useRiskSummary(days: number) {
  const tenantId = useSelectedTenantId();
  return useQuery({ ...riskSummaryQueryOptions(days, tenantId), placeholderData: keepPreviousData });
}
