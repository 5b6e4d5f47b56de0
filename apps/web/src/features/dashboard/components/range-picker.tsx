import * as Popover from "@radix-ui/react-popover";
import { CalendarRange } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { cn } from "@/lib/cn";
import { type DashboardRange, presets, rangeParams } from "../lib/range";

const segment =
  "h-9 px-3 text-sm font-medium whitespace-nowrap transition-colors first:rounded-l-md last:rounded-r-md focus-visible:relative";
const idle = "bg-white text-slate-700 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800";
const active = "bg-sky-700 text-white dark:bg-sky-700";

/** Presets and a custom from/to (whole days); the choice is written to the URL, nothing else. */
export function RangePicker({ range }: { range: DashboardRange }) {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState({ from: range.fromDay, to: range.toDay });
  const [error, setError] = useState<string>();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.from || !draft.to) return setError("Pick both days.");
    if (draft.from > draft.to) return setError("The first day must not be after the last.");
    setError(undefined);
    setOpen(false);
    setParams(rangeParams(params, draft));
  };

  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Time range</legend>
      <div className="inline-flex divide-x divide-slate-300 rounded-md border border-slate-300 shadow-sm dark:divide-slate-700 dark:border-slate-700">
        {presets.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-pressed={range.preset === p.id}
            className={cn(segment, range.preset === p.id ? active : idle)}
            onClick={() => setParams(rangeParams(params, { preset: p.id }))}
          >
            {p.id === "24h" ? "24h" : p.label.replace(" days", "d")}
            <span className="sr-only"> ({p.label})</span>
          </button>
        ))}
        <Popover.Root
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (next) setDraft({ from: range.fromDay, to: range.toDay });
          }}
        >
          <Popover.Trigger asChild>
            <button
              type="button"
              aria-pressed={range.preset === "custom"}
              className={cn(segment, "inline-flex items-center gap-1.5", range.preset === "custom" ? active : idle)}
            >
              <CalendarRange aria-hidden className="size-4" />
              {range.preset === "custom" ? `${range.fromDay} – ${range.toDay}` : "Custom"}
            </button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              align="end"
              sideOffset={6}
              className="z-50 w-72 animate-menu-in rounded-lg border border-slate-200 bg-white p-4 shadow-lg dark:border-slate-700 dark:bg-slate-900"
            >
              <form onSubmit={apply} className="space-y-3" noValidate>
                <TextField
                  label="From"
                  type="date"
                  value={draft.from}
                  max={draft.to || undefined}
                  onChange={(e) => setDraft({ ...draft, from: e.target.value })}
                />
                <TextField
                  label="To"
                  type="date"
                  value={draft.to}
                  min={draft.from || undefined}
                  onChange={(e) => setDraft({ ...draft, to: e.target.value })}
                  error={error}
                />
                <div className="flex justify-end gap-2">
                  <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
                    Cancel
                  </Button>
                  <Button type="submit" size="sm">
                    Apply
                  </Button>
                </div>
              </form>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
    </fieldset>
  );
}
