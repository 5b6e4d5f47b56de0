import { X } from "lucide-react";
import { filterLabels, type ListFilterKey, type ListState, listFilterKeys } from "../lib/list-params";

/** The active filters as removable chips under the toolbar: what is applied, at a glance. */
export function FilterChips({
  state,
  tenantName,
  onChange,
}: {
  state: ListState;
  tenantName: (id: string) => string;
  onChange: (next: ListState) => void;
}) {
  const chips: { id: string; label: string; remove: () => ListState }[] = [];
  for (const key of listFilterKeys) {
    for (const value of state.filters[key]) {
      chips.push({
        id: `${key}:${value}`,
        label: `${filterLabels[key]}: ${key === "tenant" ? tenantName(value) : value}`,
        remove: () => ({
          ...state,
          filters: { ...state.filters, [key]: state.filters[key].filter((v) => v !== value) } as Record<ListFilterKey, string[]>,
        }),
      });
    }
  }
  if (state.from) chips.push({ id: "from", label: `From: ${state.from}`, remove: () => ({ ...state, from: "" }) });
  if (state.to) chips.push({ id: "to", label: `To: ${state.to}`, remove: () => ({ ...state, to: "" }) });
  if (state.q) chips.push({ id: "q", label: `Text: “${state.q}”`, remove: () => ({ ...state, q: "" }) });
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-1.5">
      {chips.map((chip) => (
        <li key={chip.id}>
          <button
            type="button"
            onClick={() => onChange(chip.remove())}
            aria-label={`Remove filter ${chip.label}`}
            className="inline-flex items-center gap-1 rounded-full border border-sky-200 bg-sky-50 py-0.5 pr-1.5 pl-2.5 text-xs font-medium text-sky-900 hover:bg-sky-100 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-100"
          >
            {chip.label}
            <X aria-hidden className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
