import { riskTrendWindows } from "@watchfloor/shared";
import { useSearchParams } from "react-router";
import { cn } from "@/lib/cn";

export const defaultWindow = 90;

/** The trend window in the URL (?days=), one of the windows the API accepts. */
export function useTrendWindow(): number {
  const [params] = useSearchParams();
  const days = Number(params.get("days"));
  return (riskTrendWindows as readonly number[]).includes(days) ? days : defaultWindow;
}

export function WindowPicker() {
  const [params, setParams] = useSearchParams();
  const current = useTrendWindow();
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">Trend window</legend>
      <span aria-hidden className="hidden text-sm text-slate-600 sm:inline dark:text-slate-400">
        Trend
      </span>
      <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 dark:border-slate-600 dark:bg-slate-800">
        {riskTrendWindows.map((d) => (
          <button
            key={d}
            type="button"
            aria-pressed={d === current}
            onClick={() => {
              const next = new URLSearchParams(params);
              if (d === defaultWindow) next.delete("days");
              else next.set("days", String(d));
              setParams(next, { replace: true });
            }}
            className={cn(
              "rounded px-2.5 py-1 text-sm font-medium",
              d === current
                ? "bg-sky-700 text-white"
                : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-700",
            )}
          >
            {d === 365 ? "1 year" : `${d} days`}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
