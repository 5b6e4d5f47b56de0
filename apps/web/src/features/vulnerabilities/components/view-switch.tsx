import { cn } from "@/lib/cn";
import type { FindingView } from "../lib/list-params";

const views: { id: FindingView; label: string }[] = [
  { id: "open", label: "Open" },
  { id: "closed", label: "Closed" },
  { id: "all", label: "All" },
];

/** Open (Open, Triaged, In Progress), Closed or every finding: a toggle group kept in the URL. */
export function ViewSwitch({ view, onChange }: { view: FindingView; onChange: (view: FindingView) => void }) {
  return (
    <fieldset className="flex rounded-md border border-slate-300 bg-white p-0.5 dark:border-slate-600 dark:bg-slate-800">
      <legend className="sr-only">Show findings</legend>
      {views.map((v) => (
        <button
          key={v.id}
          type="button"
          aria-pressed={v.id === view}
          onClick={() => onChange(v.id)}
          className={cn(
            "h-7 rounded px-2.5 text-sm font-medium",
            v.id === view
              ? "bg-sky-700 text-white"
              : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-700",
          )}
        >
          {v.label}
        </button>
      ))}
    </fieldset>
  );
}
