import type { MapCategory } from "@watchfloor/shared";
import { Check } from "lucide-react";
import { cn } from "@/lib/cn";
import { categoryStyle, mapCategories } from "../lib/categories";

/**
 * The six categories with their incident counts; each is a toggle that shows or hides its
 * markers (aria-pressed = shown). "Show all" appears once something is hidden.
 */
export function MapLegend({
  counts,
  hidden,
  onToggle,
  onShowAll,
}: {
  counts: Record<MapCategory, number>;
  hidden: ReadonlySet<MapCategory>;
  onToggle: (category: MapCategory) => void;
  onShowAll: () => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2" data-testid="map-legend">
      <legend className="sr-only">Categories shown on the map</legend>
      {mapCategories.map((category) => {
        const shown = !hidden.has(category);
        return (
          <button
            key={category}
            type="button"
            aria-pressed={shown}
            title={categoryStyle[category].description}
            onClick={() => onToggle(category)}
            className={cn(
              "inline-flex h-7 items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium transition-colors sm:h-8 sm:gap-2 sm:px-3 sm:text-sm",
              shown
                ? "border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
                : "border-dashed border-slate-300 bg-transparent text-slate-600 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-400 dark:hover:bg-slate-800",
            )}
          >
            <span
              aria-hidden
              className={cn("flex size-3.5 items-center justify-center rounded-full", !shown && "opacity-40")}
              style={{ background: categoryStyle[category].fill, color: categoryStyle[category].text }}
            >
              {shown && <Check className="size-2.5" strokeWidth={4} />}
            </span>
            <span className={cn(!shown && "line-through decoration-slate-400")}>{category}</span>
            <span className="tabular-nums text-slate-600 dark:text-slate-300">{counts[category].toLocaleString("en")}</span>
          </button>
        );
      })}
      {hidden.size > 0 && (
        <button
          type="button"
          onClick={onShowAll}
          className="h-8 rounded-md px-2 text-sm font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
        >
          Show all
        </button>
      )}
    </fieldset>
  );
}
