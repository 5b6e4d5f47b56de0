import type { FilterChip } from "@/components/ui/filter-chips";

/**
 * Pieces the list pages (alerts, incidents, vulnerabilities) share for keeping their state in
 * the URL: reading comma-separated filters, days and sorts back from search params, writing them
 * without empty values, and the removable chips of multi-value filters.
 */

/** A comma-separated search param as its values: trimmed, empty ones dropped. */
export function splitParam(value: string | null): string[] {
  return value
    ? value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

/** Each multi-value filter of `keys`; one with a closed set of values keeps only values of that set. */
export function readMultiFilters<K extends string>(
  params: URLSearchParams,
  keys: readonly K[],
  allowed: Partial<Record<K, readonly string[]>>,
): Record<K, string[]> {
  const filters = {} as Record<K, string[]>;
  for (const key of keys) {
    const values = splitParam(params.get(key));
    const set = allowed[key];
    filters[key] = set ? values.filter((v) => set.includes(v)) : values;
  }
  return filters;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** A day param ("2026-11-02"), or "" when it is missing or not a day. */
export function readDay(params: URLSearchParams, key: string): string {
  const value = params.get(key) ?? "";
  return dayPattern.test(value) ? value : "";
}

/** The sort and direction in the params, or the default for values the API would refuse. */
export function readSort<S extends string>(
  params: URLSearchParams,
  keys: readonly S[],
  fallback: { sort: S; dir: "asc" | "desc" },
): { sort: S; dir: "asc" | "desc" } {
  const sort = params.get("sort");
  const dir = params.get("dir");
  return {
    sort: keys.includes(sort as S) ? (sort as S) : fallback.sort,
    dir: dir === "asc" || dir === "desc" ? dir : fallback.dir,
  };
}

/** Search params with one value set, or removed when it is empty. */
export function putParam(params: URLSearchParams, key: string, value: string): void {
  if (value) params.set(key, value);
  else params.delete(key);
}

/** Writes the sort, leaving both params out when it is the list's default. */
export function putSort(
  params: URLSearchParams,
  current: { sort: string; dir: "asc" | "desc" },
  fallback: { sort: string; dir: "asc" | "desc" },
): void {
  const isDefault = current.sort === fallback.sort && current.dir === fallback.dir;
  putParam(params, "sort", isDefault ? "" : current.sort);
  putParam(params, "dir", isDefault ? "" : current.dir);
}

/** One chip per value of each multi-value filter; removing a chip gives the filters without that value. */
export function valueChips<K extends string>(
  filters: Record<K, string[]>,
  keys: readonly K[],
  labels: Record<K, string>,
  tenantName: (id: string) => string,
  onChange: (next: Record<K, string[]>) => void,
): FilterChip[] {
  return keys.flatMap((key) =>
    filters[key].map((value) => ({
      id: `${key}:${value}`,
      label: `${labels[key]}: ${key === "tenant" ? tenantName(value) : value}`,
      onRemove: () => onChange({ ...filters, [key]: filters[key].filter((v) => v !== value) }),
    })),
  );
}

/** The chip of the free-text search, if there is one. */
export const textChips = (q: string, onClear: () => void): FilterChip[] =>
  q ? [{ id: "q", label: `Text: “${q}”`, onRemove: onClear }] : [];

/**
 * The sort after a click on a column header: the same column flips its direction; another column
 * starts in the direction that column reads best first (newest, most urgent, A to Z).
 */
export function nextSort<S extends string>(
  current: { sort: S; dir: "asc" | "desc" },
  key: S,
  firstDirection: (key: S) => "asc" | "desc",
): { sort: S; dir: "asc" | "desc" } {
  if (key === current.sort) return { sort: key, dir: current.dir === "asc" ? "desc" : "asc" };
  return { sort: key, dir: firstDirection(key) };
}
