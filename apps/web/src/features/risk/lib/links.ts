import type { Priority } from "@watchfloor/shared";
import { paths } from "@/config/paths";

/** The vulnerable-asset list with filters (its URL parameters are the API's: view, priority, kev, tenant, assetId...). */
export function findingsLink(filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `${paths.risk.vulnerabilities}?${query}` : paths.risk.vulnerabilities;
}

export const openFindingsLink = (
  filters: { priority?: Priority; kev?: boolean; overdue?: boolean; tenant?: string; assetId?: string } = {},
) =>
  findingsLink({
    view: "open",
    priority: filters.priority,
    kev: filters.kev ? "true" : undefined,
    overdue: filters.overdue ? "true" : undefined,
    tenant: filters.tenant,
    assetId: filters.assetId,
  });
