import { alertColumns, columnId, defaultColumns } from "../components/alert-columns";

const storageKey = "watchfloor.alert-columns";
const known = new Set(alertColumns.map(columnId));

/** Columns from the URL (`cols`), else the person's last choice on this browser, else the default. */
export function readColumns(param: string | null): string[] {
  const fromUrl = param?.split(",").filter((c) => known.has(c));
  if (fromUrl?.length) return withName(fromUrl);
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? "null") as unknown;
    if (Array.isArray(stored)) {
      const cols = stored.filter((c): c is string => typeof c === "string" && known.has(c));
      if (cols.length) return withName(cols);
    }
  } catch {
    // unreadable storage: use the default
  }
  return defaultColumns;
}

export function storeColumns(cols: string[]): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(cols));
  } catch {
    // storage disabled: the URL still carries the choice
  }
}

const withName = (cols: string[]) => (cols.includes("name") ? cols : ["name", ...cols]);
