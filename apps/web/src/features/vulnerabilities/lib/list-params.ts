import {
  businessImpacts,
  environments,
  type FindingSortKey,
  findingSortKeys,
  type FindingStatus,
  findingViews,
  priorities,
} from "@watchfloor/shared";
import type { FilterChip } from "@/components/ui/filter-chips";
import { putParam, putSort, readSort, splitParam, textChips, valueChips } from "@/lib/list-params";

/**
 * The vulnerable-asset list keeps its whole state in the URL (search params) with the API's own
 * names, so reload, a pasted link and the back button restore the exact list, and the CSV export
 * takes the same query. Values the API would refuse are dropped when read, never sent.
 */
export const findingListKeys = [
  "status",
  "priority",
  "businessImpact",
  "environment",
  "tenant",
  "scanner",
  "department",
  "assignee",
  "cve",
] as const;
export type FindingListKey = (typeof findingListKeys)[number];
export const findingFlagKeys = ["kev", "overdue"] as const;
export type FindingFlagKey = (typeof findingFlagKeys)[number];
export const findingNumberKeys = ["scoreMin", "scoreMax", "epssAbove", "ageMin", "ageMax"] as const;
export type FindingNumberKey = (typeof findingNumberKeys)[number];
export type FindingView = (typeof findingViews)[number];

export const findingFilterLabels: Record<FindingListKey | FindingFlagKey | FindingNumberKey, string> = {
  status: "Status",
  priority: "Priority",
  businessImpact: "Business impact",
  environment: "Environment",
  tenant: "Tenant",
  scanner: "Scanner",
  department: "Department",
  assignee: "Assignee",
  cve: "CVE",
  kev: "CISA KEV",
  overdue: "Overdue",
  scoreMin: "Score from",
  scoreMax: "Score to",
  epssAbove: "EPSS above",
  ageMin: "Age from (days)",
  ageMax: "Age to (days)",
};

/** Filters with a closed set of values (checkbox groups); the rest are typed, comma-separated. */
export const findingEnumOptions: Partial<Record<FindingListKey, readonly string[]>> = {
  // Workflow order rather than the enum's.
  status: ["Open", "Triaged", "In Progress", "Closed"] satisfies FindingStatus[],
  priority: [...priorities].reverse(),
  businessImpact: [...businessImpacts].reverse(),
  environment: environments,
};

export type FindingListState = {
  view: FindingView;
  lists: Record<FindingListKey, string[]>;
  flags: Record<FindingFlagKey, "" | "true" | "false">;
  /** As the API takes them: score 0-10, EPSS probability 0-1 ("" = no bound). */
  numbers: Record<FindingNumberKey, string>;
  q: string;
  /** One remediation text exactly (a VM fix group); "" = any. */
  fix: string;
  sort: FindingSortKey;
  dir: "asc" | "desc";
};

export const defaultFindingView: FindingView = "open";
export const defaultFindingSort = { sort: "lastSeen" as FindingSortKey, dir: "desc" as const };
/** Columns whose first click sorts A→Z (text) or soonest first (due date); the rest start high→low. */
const ascendingFirst: FindingSortKey[] = [
  "title",
  "assetKey",
  "assetName",
  "assetType",
  "assignee",
  "department",
  "environment",
  "cwe",
  "cve",
  "services",
  "remediation",
  "status",
  "dueAt",
];

export function firstDirection(key: FindingSortKey): "asc" | "desc" {
  return ascendingFirst.includes(key) ? "asc" : "desc";
}

const cvePattern = /^CVE-\d{4}-\d{4,}$/i;
function validNumber(key: FindingNumberKey, raw: string | null): string {
  if (raw === null || raw.trim() === "") return "";
  const n = Number(raw);
  const max = key === "epssAbove" ? 1 : key === "ageMin" || key === "ageMax" ? 36500 : 10;
  const whole = key !== "ageMin" && key !== "ageMax" ? true : Number.isInteger(n);
  return Number.isFinite(n) && whole && n >= 0 && n <= max ? String(n) : "";
}

export function parseFindingState(params: URLSearchParams): FindingListState {
  const lists = {} as Record<FindingListKey, string[]>;
  for (const key of findingListKeys) {
    const allowed = findingEnumOptions[key];
    const values = splitParam(params.get(key));
    lists[key] = allowed
      ? values.filter((v) => allowed.includes(v))
      : key === "cve"
        ? values.filter((v) => cvePattern.test(v)).map((v) => v.toUpperCase())
        : values;
  }
  const flags = {} as FindingListState["flags"];
  for (const key of findingFlagKeys) {
    const v = params.get(key);
    flags[key] = v === "true" || v === "false" ? v : "";
  }
  const numbers = {} as FindingListState["numbers"];
  for (const key of findingNumberKeys) numbers[key] = validNumber(key, params.get(key));
  const view = params.get("view");
  return {
    view: findingViews.includes(view as FindingView) ? (view as FindingView) : defaultFindingView,
    lists,
    flags,
    numbers,
    q: params.get("q") ?? "",
    fix: (params.get("fix") ?? "").trim().slice(0, 5000),
    ...readSort(params, findingSortKeys, defaultFindingSort),
  };
}

/** The API query for a list state (without cursor/limit): also the CSV export's query. */
export function toFindingApiQuery(state: FindingListState, fixed: Record<string, string> = {}): Record<string, string> {
  const query: Record<string, string> = { view: state.view, sort: state.sort, dir: state.dir };
  for (const key of findingListKeys) if (state.lists[key].length) query[key] = state.lists[key].join(",");
  for (const key of findingFlagKeys) if (state.flags[key]) query[key] = state.flags[key];
  for (const key of findingNumberKeys) if (state.numbers[key]) query[key] = state.numbers[key];
  if (state.q.trim()) query.q = state.q.trim();
  if (state.fix) query.fix = state.fix;
  return { ...query, ...fixed };
}

/** Writes a changed state back into the search params, dropping empty values and defaults. */
export function withFindingState(params: URLSearchParams, state: FindingListState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of findingListKeys) putParam(next, key, state.lists[key].join(","));
  for (const key of findingFlagKeys) putParam(next, key, state.flags[key]);
  for (const key of findingNumberKeys) putParam(next, key, state.numbers[key]);
  putParam(next, "q", state.q.trim());
  putParam(next, "fix", state.fix);
  putParam(next, "view", state.view === defaultFindingView ? "" : state.view);
  putSort(next, state, defaultFindingSort);
  return next;
}

export function activeFindingFilterCount(state: FindingListState): number {
  return (
    findingListKeys.filter((k) => state.lists[k].length).length +
    findingFlagKeys.filter((k) => state.flags[k]).length +
    findingNumberKeys.filter((k) => state.numbers[k]).length +
    (state.fix ? 1 : 0)
  );
}

export function hasFindingFilters(state: FindingListState): boolean {
  return activeFindingFilterCount(state) > 0 || state.q.trim() !== "";
}

export function clearedFindingState(state: FindingListState): FindingListState {
  const empty = parseFindingState(new URLSearchParams());
  return { ...empty, view: state.view, sort: state.sort, dir: state.dir };
}

const flagText: Record<FindingFlagKey, Record<"true" | "false", string>> = {
  kev: { true: "in KEV", false: "not in KEV" },
  overdue: { true: "overdue", false: "not overdue" },
};

/** "12.5%" for 0.125; two decimals below 1 % so tiny probabilities do not all read "0%". */
export function formatEpss(epss: number): string {
  const percent = epss * 100;
  return `${percent < 1 ? percent.toFixed(2) : percent.toFixed(1)}%`;
}

/** The active filters as removable chips: each chip's removal gives the state without it. */
export function findingChips(
  state: FindingListState,
  tenantName: (id: string) => string,
  onChange: (next: FindingListState) => void,
): FilterChip[] {
  const chips = valueChips(state.lists, findingListKeys, findingFilterLabels, tenantName, (lists) =>
    onChange({ ...state, lists }),
  );
  for (const key of findingFlagKeys) {
    const value = state.flags[key];
    if (value) {
      chips.push({
        id: key,
        label: `${findingFilterLabels[key]}: ${flagText[key][value]}`,
        onRemove: () => onChange({ ...state, flags: { ...state.flags, [key]: "" } }),
      });
    }
  }
  for (const key of findingNumberKeys) {
    const value = state.numbers[key];
    if (value) {
      chips.push({
        id: key,
        label: `${findingFilterLabels[key]}: ${key === "epssAbove" ? formatEpss(Number(value)) : value}`,
        onRemove: () => onChange({ ...state, numbers: { ...state.numbers, [key]: "" } }),
      });
    }
  }
  chips.push(...textChips(state.q, () => onChange({ ...state, q: "" })));
  if (state.fix)
    chips.push({
      id: "fix",
      label: `Fix: ${state.fix.length > 60 ? `${state.fix.slice(0, 60)}…` : state.fix}`,
      onRemove: () => onChange({ ...state, fix: "" }),
    });
  return chips;
}
