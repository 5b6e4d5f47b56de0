import { Download, Filter, Search } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { useMediaQuery } from "@/components/layout/use-sidebar-state";
import { activeFilterCount, type ListState } from "../lib/list-params";
import { ColumnChooser } from "./column-chooser";
import { FilterPanel } from "./filter-panel";
import { SavedViews } from "./saved-views";

type Props = {
  state: ListState;
  tenants: { id: string; name: string }[];
  onChange: (next: ListState) => void;
  columns: string[];
  onColumnsChange: (next: string[]) => void;
  exportHref: string;
  currentQuery: string;
};

/** Search, filters (inline panel from md up, a sheet below), columns, saved views and export. */
export function AlertsToolbar({ state, tenants, onChange, columns, onColumnsChange, exportHref, currentQuery }: Props) {
  const [q, setQ] = useState(state.q);
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery("(min-width: 768px)");
  useEffect(() => setQ(state.q), [state.q]);

  function search(event: FormEvent) {
    event.preventDefault();
    onChange({ ...state, q: q.trim() });
  }
  const count = activeFilterCount(state);
  const apply = (next: ListState) => {
    onChange(next);
    setOpen(false);
  };
  const panel = <FilterPanel key={JSON.stringify(state)} state={state} tenants={tenants} onApply={apply} />;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <search className="relative min-w-0 flex-1 basis-56">
          <form onSubmit={search}>
            <label htmlFor="alert-search" className="sr-only">
              Search alerts
            </label>
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
            <input
              id="alert-search"
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder="Name, rule, host, user, IP, ticket… then Enter"
              className={`${inputClass} h-9 pl-9`}
            />
          </form>
        </search>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={wide ? "filter-panel" : undefined}
          onClick={() => setOpen(!open)}
        >
          <Filter aria-hidden className="size-4" /> Filters
          {count > 0 && (
            <span className="rounded-full bg-sky-700 px-1.5 text-xs font-semibold text-white">
              {count}
              <span className="sr-only"> active</span>
            </span>
          )}
        </Button>
        <ColumnChooser visible={columns} onChange={onColumnsChange} />
        <SavedViews currentQuery={currentQuery} />
        <a href={exportHref} download className={buttonClass("secondary", "sm")} data-testid="export-csv">
          <Download aria-hidden className="size-4" /> Export CSV
        </a>
      </div>
      {wide ? (
        open && (
          <div
            id="filter-panel"
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            {panel}
          </div>
        )
      ) : (
        <Modal open={open} onOpenChange={setOpen} title="Filters" variant="sheet">
          {panel}
        </Modal>
      )}
    </div>
  );
}
