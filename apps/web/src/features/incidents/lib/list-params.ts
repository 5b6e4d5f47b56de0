import { type IncidentSortKey, incidentSortKeys, incidentStatuses, incidentViews, priorities, tactics } from "@watchfloor/shared";
import type { FilterChip } from "@/components/ui/filter-chips";
import { putParam, putSort, readDay, readMultiFilters, readSort, textChips, valueChips } from "@/lib/list-params";

/**
 * The incidents list keeps its whole state in the URL (search params) with the API's own names:
 * view, filters, created-date range, text, sort. Reload, a pasted link and the back button
 * restore the exact list. Dates are days in the person's time zone; values the API would refuse
 * are dropped when read, never sent.
 */
export const incidentFilterKeys = ["status", "priority", "owner", "tenant", "tactic", "technique"] as const;
export type IncidentFilterKey = (typeof incidentFilterKeys)[number];
export type IncidentView = (typeof incidentViews)[number];

export const incidentFilterLabels: Record<IncidentFilterKey, string> = {
  status: "Status",
  priority: "Priority",
  owner: "Owner",
  tenant: "Tenant",
  tactic: "Tactic",
  technique: "Technique",
};

/** Filters with a closed set of values (checkbox groups); owners are typed names. */
export const incidentEnumOptions: Partial<Record<IncidentFilterKey, readonly string[]>> = {
  status: incidentStatuses,
  priority: [...priorities].reverse(),
  tactic: tactics.map((t) => t.name),
};

export type IncidentListState = {
  view: IncidentView;
  filters: Record<IncidentFilterKey, string[]>;
  /** Created from / to, as days ("2026-11-02"), both inclusive. */
  from: string;
  to: string;
  q: string;
  sort: IncidentSortKey;
  dir: "asc" | "desc";
};

export const defaultIncidentView: IncidentView = "open";
export const defaultIncidentSort = { sort: "createdAt" as IncidentSortKey, dir: "desc" as const };

/** Columns whose first click sorts A→Z; the rest start with the newest, highest or most. */
const ascendingFirst: IncidentSortKey[] = ["title", "status", "owner", "tenant"];
export const firstDirection = (key: IncidentSortKey): "asc" | "desc" => (ascendingFirst.includes(key) ? "asc" : "desc");

export function parseIncidentState(params: URLSearchParams): IncidentListState {
  const view = params.get("view");
  return {
    view: incidentViews.includes(view as IncidentView) ? (view as IncidentView) : defaultIncidentView,
    filters: readMultiFilters(params, incidentFilterKeys, incidentEnumOptions),
    from: readDay(params, "from"),
    to: readDay(params, "to"),
    q: params.get("q") ?? "",
    ...readSort(params, incidentSortKeys, defaultIncidentSort),
  };
}

/**
 * The API query for a list state (without cursor/limit). `instant` turns a day into the ISO
 * instant it starts in the person's time zone, or for the end of the range the instant the next
 * day starts, as `to` is exclusive (lib/dates dayToIso, dayAfterToIso); passed in so this
 * module stays free of app imports and testable on its own.
 */
export function toIncidentApiQuery(
  state: IncidentListState,
  instant: (day: string, endOfDay: boolean) => string | undefined,
): Record<string, string> {
  const query: Record<string, string> = { view: state.view, sort: state.sort, dir: state.dir };
  for (const key of incidentFilterKeys) if (state.filters[key].length) query[key] = state.filters[key].join(",");
  const from = state.from ? instant(state.from, false) : undefined;
  const to = state.to ? instant(state.to, true) : undefined;
  if (from) query.from = from;
  if (to) query.to = to;
  if (state.q.trim()) query.q = state.q.trim();
  return query;
}

/** Writes a changed state back into the search params, dropping empty values and defaults. */
export function withIncidentState(params: URLSearchParams, state: IncidentListState): URLSearchParams {
  const next = new URLSearchParams(params);
  putParam(next, "view", state.view === defaultIncidentView ? "" : state.view);
  for (const key of incidentFilterKeys) putParam(next, key, state.filters[key].join(","));
  putParam(next, "from", state.from);
  putParam(next, "to", state.to);
  putParam(next, "q", state.q.trim());
  putSort(next, state, defaultIncidentSort);
  return next;
}

export function activeIncidentFilterCount(state: IncidentListState): number {
  return incidentFilterKeys.filter((k) => state.filters[k].length).length + (state.from ? 1 : 0) + (state.to ? 1 : 0);
}

export const hasIncidentFilters = (state: IncidentListState): boolean =>
  activeIncidentFilterCount(state) > 0 || state.q.trim() !== "";

/** No filters or text; the view and sort stay as they are. */
export function clearedIncidentState(state: IncidentListState): IncidentListState {
  return { ...parseIncidentState(new URLSearchParams()), view: state.view, sort: state.sort, dir: state.dir };
}

/** The active filters as removable chips: each chip's removal gives the state without it. */
export function incidentChips(
  state: IncidentListState,
  tenantName: (id: string) => string,
  onChange: (next: IncidentListState) => void,
): FilterChip[] {
  const chips = valueChips(state.filters, incidentFilterKeys, incidentFilterLabels, tenantName, (filters) =>
    onChange({ ...state, filters }),
  );
  if (state.from)
    chips.push({ id: "from", label: `Created from: ${state.from}`, onRemove: () => onChange({ ...state, from: "" }) });
  if (state.to) chips.push({ id: "to", label: `Created to: ${state.to}`, onRemove: () => onChange({ ...state, to: "" }) });
  chips.push(...textChips(state.q, () => onChange({ ...state, q: "" })));
  return chips;
}
