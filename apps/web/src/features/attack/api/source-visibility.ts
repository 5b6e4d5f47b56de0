import type { MdrCoverage } from "@watchfloor/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * What one client's data sources can see (MDR detection coverage), as an overlay for the coverage
 * matrix: `?visibility=<tenantId>` on the page, set by MDR's "Show on the ATT&CK matrix".
 */
export function useSourceVisibility(tenantId: string | null) {
  return useQuery({
    queryKey: ["mdr", "coverage", tenantId],
    queryFn: ({ signal }) => api.get<MdrCoverage>("/mdr/coverage", { tenantId: tenantId ?? "" }, signal),
    enabled: tenantId !== null,
  });
}
