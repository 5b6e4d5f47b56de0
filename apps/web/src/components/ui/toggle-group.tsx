import { cn } from "@/lib/cn";

type Props<T extends string> = {
  /** What the group chooses ("Show incidents"), for screen readers. */
  label: string;
  options: readonly { id: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
};

/** One of a few values (a list's open/closed/all view) as pressed buttons in a labelled group. */
export function ToggleGroup<T extends string>({ label, options, value, onChange }: Props<T>) {
  return (
    <fieldset className="flex rounded-md border border-slate-300 bg-white p-0.5 dark:border-slate-600 dark:bg-slate-800">
      <legend className="sr-only">{label}</legend>
      {options.map((o) => (
        <button
          key={o.id}
          type="button"
          aria-pressed={o.id === value}
          onClick={() => onChange(o.id)}
          className={cn(
            "h-7 rounded px-2.5 text-sm font-medium",
            o.id === value
              ? "bg-sky-700 text-white"
              : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-700",
          )}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}
