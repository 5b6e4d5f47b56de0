import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { cn } from "@/lib/cn";
import { type AttackWindow, isDay, presetDays } from "../lib/attack-params";

const segment = (active: boolean) =>
  cn(
    "h-8 px-3 text-sm font-medium transition-colors first:rounded-l-md last:rounded-r-md",
    active
      ? "bg-sky-700 text-white dark:bg-sky-700"
      : "bg-white text-slate-700 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800",
  );

/** 7 / 30 / 90 days or a custom pair of days; the choice is written to the URL by the caller. */
export function WindowPicker({
  value,
  onPreset,
  onCustom,
}: {
  value: AttackWindow;
  onPreset: (days: number) => void;
  onCustom: (fromDay: string, toDay: string) => void;
}) {
  const [editing, setEditing] = useState(value.kind === "custom");
  const [from, setFrom] = useState(value.fromDay);
  const [to, setTo] = useState(value.toDay);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const customOpen = editing || value.kind === "custom";
  return (
    <div className="flex flex-wrap items-end gap-2">
      <fieldset className="inline-flex divide-x divide-slate-300 rounded-md border border-slate-300 dark:divide-slate-600 dark:border-slate-600">
        <legend className="sr-only">Time window</legend>
        {presetDays.map((days) => (
          <button
            key={days}
            type="button"
            aria-pressed={value.kind === "preset" && value.days === days && !editing}
            className={segment(value.kind === "preset" && value.days === days && !editing)}
            onClick={() => {
              setEditing(false);
              setError(null);
              onPreset(days);
            }}
          >
            {days} days
          </button>
        ))}
        <button
          type="button"
          aria-pressed={customOpen}
          className={segment(customOpen)}
          onClick={() => {
            setFrom(value.fromDay);
            setTo(value.toDay);
            setEditing(true);
          }}
        >
          Custom
        </button>
      </fieldset>
      {customOpen && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!isDay(from) || !isDay(to)) return setError("Pick both days.");
            if (from > to) return setError("The first day must not be after the last.");
            setError(null);
            onCustom(from, to);
          }}
        >
          <div>
            <label htmlFor={`${id}-from`} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
              From
            </label>
            <input
              id={`${id}-from`}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
              className={cn(inputClass, "h-8 py-1")}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
              To
            </label>
            <input
              id={`${id}-to`}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
              className={cn(inputClass, "h-8 py-1")}
            />
          </div>
          <Button type="submit" size="sm" variant="secondary">
            Apply
          </Button>
          {error && (
            <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
