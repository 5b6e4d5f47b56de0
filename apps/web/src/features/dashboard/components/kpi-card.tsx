import { ArrowDownRight, ArrowRight, ArrowUpRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "@/lib/cn";
import type { TrendView } from "../lib/format";

const accents = {
  slate: "before:bg-slate-300 dark:before:bg-slate-600",
  red: "before:bg-red-500",
  amber: "before:bg-amber-500",
  sky: "before:bg-sky-500",
  emerald: "before:bg-emerald-500",
} as const;

/**
 * One headline figure. The whole card is the link to the list it counts, so the accessible name
 * reads as a sentence: label, value, and how it moved.
 */
export function KpiCard({
  label,
  value,
  to,
  hint,
  trend,
  accent = "slate",
  testId,
  icon,
}: {
  label: string;
  value: string;
  to: string;
  hint?: string;
  trend?: TrendView | null;
  accent?: keyof typeof accents;
  testId?: string;
  icon?: ReactNode;
}) {
  const Arrow = trend?.direction === "up" ? ArrowUpRight : trend?.direction === "down" ? ArrowDownRight : ArrowRight;
  const tone =
    trend?.good == null
      ? "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300"
      : trend.good
        ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300"
        : "bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-300";
  return (
    <Link
      to={to}
      data-testid={testId}
      className={cn(
        "group relative flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white p-3 pl-4 shadow-sm sm:p-4 sm:pl-5 transition hover:border-sky-400 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-sky-600",
        "before:absolute before:inset-y-0 before:left-0 before:w-1",
        accents[accent],
      )}
    >
      <span className="flex items-center justify-between gap-2 text-sm font-medium text-slate-600 dark:text-slate-400">
        <span className="line-clamp-1">{label}</span>
        {icon && (
          <span aria-hidden className="hidden text-slate-400 sm:inline group-hover:text-sky-600 dark:text-slate-500">
            {icon}
          </span>
        )}
      </span>
      <span className="mt-2 flex flex-wrap items-end gap-x-3 gap-y-1">
        <span
          data-testid={testId ? `${testId}-value` : undefined}
          className="text-2xl font-semibold tracking-tight sm:text-3xl text-slate-900 tabular-nums dark:text-white"
        >
          {value}
        </span>
        {trend && (
          <span className={cn("mb-1 inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 text-xs font-medium", tone)}>
            <Arrow aria-hidden className="size-3.5" />
            <span aria-hidden>{trend.text}</span>
            <span className="sr-only">{trend.spoken}</span>
          </span>
        )}
      </span>
      <span className="mt-1 line-clamp-2 text-xs text-slate-500 dark:text-slate-400">{hint ?? "\u00a0"}</span>
    </Link>
  );
}
