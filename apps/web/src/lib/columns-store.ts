/**
 * A list's visible columns: from the URL (`cols`), else the person's last choice on this browser,
 * else the default. The locked column (the row's name) is always included.
 */
export function columnsStore(storageKey: string, known: readonly string[], defaults: string[], locked: string) {
  const knownSet = new Set(known);
  const withLocked = (cols: string[]) => (cols.includes(locked) ? cols : [locked, ...cols]);
  return {
    read(param: string | null): string[] {
      const fromUrl = param?.split(",").filter((c) => knownSet.has(c));
      if (fromUrl?.length) return withLocked(fromUrl);
      try {
        const stored = JSON.parse(localStorage.getItem(storageKey) ?? "null") as unknown;
        if (Array.isArray(stored)) {
          const cols = stored.filter((c): c is string => typeof c === "string" && knownSet.has(c));
          if (cols.length) return withLocked(cols);
        }
      } catch {
        // unreadable storage: use the default
      }
      return defaults;
    },
    store(cols: string[]): void {
      try {
        localStorage.setItem(storageKey, JSON.stringify(cols));
      } catch {
        // storage disabled: the URL still carries the choice
      }
    },
  };
}
