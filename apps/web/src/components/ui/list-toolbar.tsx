import { Download, Filter, Search } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useMediaQuery } from "@/components/layout/use-sidebar-state";
import { Button, buttonClass } from "./button";
import { inputClass } from "./field";
import { Modal } from "./modal";

type Props = {
  /** Id of the search input and its label ("Search alerts"). */
  searchId: string;
  searchLabel: string;
  placeholder: string;
  q: string;
  onSearch: (q: string) => void;
  /** Active filters, shown on the Filters button. */
  filterCount: number;
  /** The filter form; `close` hides the panel (call it after applying). */
  panel: (close: () => void) => ReactNode;
  /** Columns, saved views... between Filters and Export. */
  children?: ReactNode;
  exportHref?: string;
};

/** Search, filters (inline panel from md up, a sheet below), the list's own controls and CSV export. */
export function ListToolbar({
  searchId,
  searchLabel,
  placeholder,
  q: applied,
  onSearch,
  filterCount,
  panel,
  children,
  exportHref,
}: Props) {
  const [q, setQ] = useState(applied);
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery("(min-width: 768px)");
  useEffect(() => setQ(applied), [applied]);

  function search(event: FormEvent) {
    event.preventDefault();
    onSearch(q.trim());
  }
  const content = panel(() => setOpen(false));

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <search className="relative min-w-0 flex-1 basis-56">
          <form onSubmit={search}>
            <label htmlFor={searchId} className="sr-only">
              {searchLabel}
            </label>
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
            <input
              id={searchId}
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder={placeholder}
              className={`${inputClass} h-9 pl-9`}
            />
          </form>
        </search>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={wide ? `${searchId}-filters` : undefined}
          onClick={() => setOpen(!open)}
        >
          <Filter aria-hidden className="size-4" /> Filters
          {filterCount > 0 && (
            <span className="rounded-full bg-sky-700 px-1.5 text-xs font-semibold text-white">
              {filterCount}
              <span className="sr-only"> active</span>
            </span>
          )}
        </Button>
        {children}
        {exportHref && (
          <a href={exportHref} download className={buttonClass("secondary", "sm")} data-testid="export-csv">
            <Download aria-hidden className="size-4" /> Export CSV
          </a>
        )}
      </div>
      {wide ? (
        open && (
          <div
            id={`${searchId}-filters`}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            {content}
          </div>
        )
      ) : (
        <Modal open={open} onOpenChange={setOpen} title="Filters" variant="sheet">
          {content}
        </Modal>
      )}
    </div>
  );
}

/** The sort choice that sits in a list's toolbar (a labelled, compact select). */
export function ToolbarSort<S extends string>({
  id,
  value,
  options,
  labels,
  onChange,
}: {
  id: string;
  value: S;
  options: readonly S[];
  labels: Record<S, string>;
  onChange: (value: S) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as S)}
        className={`${inputClass.replace("w-full", "w-auto")} h-8 py-1 pr-8`}
      >
        {options.map((s) => (
          <option key={s} value={s}>
            {labels[s]}
          </option>
        ))}
      </select>
    </>
  );
}
