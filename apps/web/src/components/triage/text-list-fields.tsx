import { useState } from "react";
import { TextField } from "@/components/ui/field";
import { splitParam } from "@/lib/list-params";

/** A filter typed as a comma-separated list (names, techniques, CVEs), with a hint on what to type. */
export type TextListFilter<K extends string> = { key: K; hint: string };

/**
 * The text fields of a filter panel whose values are lists: each shows the applied values joined by
 * commas and reads back as trimmed values without empty ones. `fields` renders them into the
 * panel's grid; `read` gives the lists to apply; `clear` empties them (Clear all).
 */
export function useTextListFilters<K extends string>(filters: readonly TextListFilter<K>[], applied: Record<K, string[]>) {
  const [texts, setTexts] = useState(
    () => Object.fromEntries(filters.map(({ key }) => [key, applied[key].join(", ")])) as Partial<Record<K, string>>,
  );
  return {
    fields: (labels: Record<K, string>, errors: Partial<Record<string, string>> = {}) =>
      filters.map(({ key, hint }) => (
        <TextField
          key={key}
          label={labels[key]}
          hint={hint}
          value={texts[key] ?? ""}
          error={errors[key]}
          onChange={(e) => setTexts((t) => ({ ...t, [key]: e.target.value }))}
        />
      )),
    read: () => Object.fromEntries(filters.map(({ key }) => [key, splitParam(texts[key] ?? "")])) as Record<K, string[]>,
    clear: () => setTexts({}),
  };
}
