import type { AlertSortKey, AlertSummary } from "@watchfloor/shared";
import { type RowSelectionState, useTable } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useMemo } from "react";
import { cn } from "@/lib/cn";
import { alertColumns, alertTableFeatures, columnId } from "./alert-columns";

type Props = {
  rows: AlertSummary[];
  sort: AlertSortKey;
  dir: "asc" | "desc";
  onSort: (key: AlertSortKey) => void;
  visible: string[];
  selection: RowSelectionState;
  onSelectionChange: (next: RowSelectionState) => void;
  selectable: boolean;
  caption: string;
};

/**
 * Server-sorted alert table (TanStack Table v9 for column visibility and row selection; sorting
 * is manual: a header click changes the URL and the server sorts). Scrolls sideways on small screens.
 */
export function AlertsTable({ rows, sort, dir, onSort, visible, selection, onSelectionChange, selectable, caption }: Props) {
  const columnVisibility = useMemo(
    () => Object.fromEntries(alertColumns.map((c) => [columnId(c), visible.includes(columnId(c))])),
    [visible],
  );
  const sorting = useMemo(() => [{ id: sort, desc: dir === "desc" }], [sort, dir]);
  const table = useTable({
    features: alertTableFeatures,
    columns: alertColumns,
    data: rows,
    getRowId: (row) => row.id,
    manualSorting: true,
    enableRowSelection: selectable,
    state: { sorting, columnVisibility, rowSelection: selection },
    onRowSelectionChange: (updater) => onSelectionChange(typeof updater === "function" ? updater(selection) : updater),
  });

  const allSelected = rows.length > 0 && rows.every((r) => selection[r.id]);
  const someSelected = rows.some((r) => selection[r.id]);
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-sm" data-testid="alerts-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 dark:bg-slate-800/60">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-b border-slate-200 text-left dark:border-slate-800">
              {selectable && (
                <th scope="col" className="w-10 px-3 py-2.5">
                  <input
                    type="checkbox"
                    aria-label="Select all loaded alerts"
                    className="size-4 accent-sky-700"
                    checked={allSelected}
                    ref={(el) => {
                      if (el) el.indeterminate = someSelected && !allSelected;
                    }}
                    onChange={() => table.toggleAllRowsSelected(!allSelected)}
                  />
                </th>
              )}
              {group.headers.map((header) => {
                const key = header.column.id as AlertSortKey;
                const sortable = header.column.getCanSort();
                const active = sortable && key === sort;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : sortable ? "none" : undefined}
                    className="px-3 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:text-slate-300"
                  >
                    {sortable ? (
                      <button
                        type="button"
                        onClick={() => onSort(key)}
                        className={cn(
                          "-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 uppercase hover:bg-slate-200/70 hover:text-slate-900 dark:hover:bg-slate-700 dark:hover:text-white",
                          active && "text-slate-900 dark:text-white",
                        )}
                      >
                        <table.FlexRender header={header} />
                        {active ? (
                          dir === "asc" ? (
                            <ArrowUp aria-hidden className="size-3.5" />
                          ) : (
                            <ArrowDown aria-hidden className="size-3.5" />
                          )
                        ) : (
                          <ArrowUpDown aria-hidden className="size-3.5 opacity-50" />
                        )}
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              data-testid="alert-row"
              data-alert-id={row.id}
              className={cn(
                "align-top hover:bg-slate-50 dark:hover:bg-slate-800/40",
                row.getIsSelected() && "bg-sky-50/80 dark:bg-sky-950/30",
              )}
            >
              {selectable && (
                <td className="px-3 py-3">
                  <input
                    type="checkbox"
                    aria-label={`Select ${row.original.name}`}
                    className="size-4 accent-sky-700"
                    checked={row.getIsSelected()}
                    onChange={() => row.toggleSelected()}
                  />
                </td>
              )}
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  className={cn("px-3 py-3 text-slate-800 dark:text-slate-200", cell.column.id !== "name" && "whitespace-nowrap")}
                >
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
