import {
  type AlertSortKey,
  alertSortKeys,
  environments,
  escalatedStates,
  incidentStatuses,
  priorities,
  resolutionTypes,
  slaStates,
  tactics,
} from "@watchfloor/shared";
import type { FilterChip } from "@/components/ui/filter-chips";
import { dayAfterToIso, dayToIso } from "@/lib/dates";
import { putParam, putSort, readDay, readMultiFilters, readSort, textChips, valueChips } from "@/lib/list-params";

/**
 * The list's whole state lives in the URL (search params): filters, date range, text, sort and
 * columns. Reload, a pasted link and the back button restore the exact list; saved views store
 * this string. Keys match the API's query names; dates are days in the person's time zone.
 */
export const listFilterKeys = [
  "status",
  "priority",
  "assignee",
  "tenant",
  "tactic",
  "technique",
  "detectionSource",
  "sourceTool",
  "ackSla",
  "respondSla",
  "environment",
  "resolution",
  "escalated",
  "rule",
  "host",
  "user",
] as const;
export type ListFilterKey = (typeof listFilterKeys)[number];

export const filterLabels: Record<ListFilterKey | "from" | "to" | "q", string> = {
  status: "Status",
  priority: "Priority",
  assignee: "Assignee",
  tenant: "Tenant",
  tactic: "Tactic",
  technique: "Technique",
  detectionSource: "Detection source",
  sourceTool: "Source tool",
  ackSla: "Acknowledge SLA",
  respondSla: "Respond SLA",
  environment: "Environment",
  resolution: "Resolution",
  escalated: "Escalated to incident",
  rule: "Rule",
  host: "Host",
  user: "User",
  from: "From",
  to: "To",
  q: "Search",
};

/** Filters with a closed set of values (checkbox groups); the rest are typed, comma-separated. */
export const enumOptions: Partial<Record<ListFilterKey, readonly string[]>> = {
  status: incidentStatuses,
  priority: [...priorities].reverse(),
  tactic: tactics.map((t) => t.name),
  ackSla: slaStates,
  respondSla: slaStates,
  environment: environments,
  resolution: resolutionTypes,
  escalated: escalatedStates,
};

export type ListState = {
  filters: Record<ListFilterKey, string[]>;
  from: string;
  to: string;
  q: string;
  sort: AlertSortKey;
  dir: "asc" | "desc";
};

export const defaultSort = { sort: "detectedAt" as AlertSortKey, dir: "desc" as const };

export function parseListState(params: URLSearchParams): ListState {
  return {
    filters: readMultiFilters(params, listFilterKeys, enumOptions),
    from: readDay(params, "from"),
    to: readDay(params, "to"),
    q: params.get("q") ?? "",
    ...readSort(params, alertSortKeys, defaultSort),
  };
}

/** The API query for a view and list state (without cursor/limit): also the CSV export's query. */
export function toApiQuery(view: string, state: ListState, timeZone: string): Record<string, string> {
  const query: Record<string, string> = { view, sort: state.sort, dir: state.dir };
  for (const key of listFilterKeys) if (state.filters[key].length) query[key] = state.filters[key].join(",");
  const from = state.from ? dayToIso(state.from, timeZone) : undefined;
  const to = state.to ? dayAfterToIso(state.to, timeZone) : undefined;
  if (from) query.from = from;
  if (to) query.to = to;
  if (state.q.trim()) query.q = state.q.trim();
  return query;
}

/** Writes a changed state back into the search params, dropping empty values and defaults. */
export function withListState(params: URLSearchParams, state: ListState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of listFilterKeys) putParam(next, key, state.filters[key].join(","));
  for (const key of ["from", "to", "q"] as const) putParam(next, key, state[key].trim());
  putSort(next, state, defaultSort);
  return next;
}

export function activeFilterCount(state: ListState): number {
  return listFilterKeys.filter((k) => state.filters[k].length).length + (state.from ? 1 : 0) + (state.to ? 1 : 0);
}

export function emptyFilters(): Record<ListFilterKey, string[]> {
  return Object.fromEntries(listFilterKeys.map((k) => [k, []])) as unknown as Record<ListFilterKey, string[]>;
}

/** The active filters as removable chips: each chip's removal gives the state without it. */
export function filterChips(
  state: ListState,
  tenantName: (id: string) => string,
  onChange: (next: ListState) => void,
): FilterChip[] {
  const chips = valueChips(state.filters, listFilterKeys, filterLabels, tenantName, (filters) => onChange({ ...state, filters }));
  if (state.from) chips.push({ id: "from", label: `From: ${state.from}`, onRemove: () => onChange({ ...state, from: "" }) });
  if (state.to) chips.push({ id: "to", label: `To: ${state.to}`, onRemove: () => onChange({ ...state, to: "" }) });
  chips.push(...textChips(state.q, () => onChange({ ...state, q: "" })));
  return chips;
}
