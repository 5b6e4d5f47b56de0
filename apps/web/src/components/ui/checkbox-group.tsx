export interface CheckboxOption {
  value: string;
  label: string;
}

/**
 * One list filter as a fieldset of checkboxes (the alert, finding and incident filter panels).
 * Long option lists (tenants, tactics) scroll inside the group.
 */
export function CheckboxGroup({
  legend,
  options,
  selected,
  onToggle,
  scroll = false,
}: {
  legend: string;
  options: readonly CheckboxOption[];
  selected: readonly string[];
  onToggle: (value: string) => void;
  scroll?: boolean;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className={scroll ? "max-h-40 space-y-1 overflow-y-auto pr-1" : "space-y-1"}>
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <input
              type="checkbox"
              className="size-4 accent-sky-700"
              checked={selected.includes(o.value)}
              onChange={() => onToggle(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
