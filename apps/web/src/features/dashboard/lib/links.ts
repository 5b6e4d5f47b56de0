import { paths } from "@/config/paths";
import type { DashboardRange } from "./range";

type View = "open" | "closed" | "all";

/**
 * A link to the alert list with the filters a figure counts. Parameter names are the API's
 * alertListQuerySchema names, which the list reads from its URL (features/alerts/lib/list-params).
 */
export function listLink(
  view: View,
  range: Pick<DashboardRange, "fromDay" | "toDay"> | null,
  filters: Record<string, string> = {},
): string {
  const params = new URLSearchParams(filters);
  if (range) {
    params.set("from", range.fromDay);
    params.set("to", range.toDay);
  }
  const query = params.toString();
  return `${paths.incidents[view]}${query ? `?${query}` : ""}`;
}
