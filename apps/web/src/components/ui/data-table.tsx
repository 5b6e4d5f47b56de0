import {
  type ColumnDef,
  columnVisibilityFeature,
  type RowData,
  type RowSelectionState,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { type HTMLAttributes, useMemo } from "react";
import { cn } from "@/lib/cn";

/** The features every server-sorted list table uses: manual sorting, row selection, column visibility. */
export const listTableFeatures = tableFeatures({ rowSortingFeature, rowSelectionFeature, columnVisibilityFeature });
export type ListTableFeatures = typeof listTableFeatures;
// biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
export type ListColumn<TRow extends RowData> = ColumnDef<ListTableFeatures, TRow, any>;

/** Every column is given an explicit id (its field or sort key), used in the URL and the chooser. */
export const columnId = (c: { id?: string }): string => String(c.id);

export type DataTableProps<TRow extends RowData> = {
  columns: ListColumn<TRow>[];
  rows: TRow[];
  rowId: (row: TRow) => string;
  /** Accessible name of a row's checkbox ("Select <name>"). */
  rowLabel: (row: TRow) => string;
  sort: string;
  dir: "asc" | "desc";
  onSort: (key: string) => void;
  visible: string[];
  selection: RowSelectionState;
  onSelectionChange: (next: RowSelectionState) => void;
  selectable: boolean;
  caption: string;
  /** "alerts" gives data-testid "alerts-table" on the table. */
  testId: string;
  /** Extra attributes per row (test ids, data attributes, highlighting). */
  rowProps?: (row: TRow) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
  /** The column that wraps its text (the name column); the others stay on one line. */
  wrapColumn?: string;
  selectAllLabel?: string;
};

/**
 * Server-sorted list table (TanStack Table v9 for column visibility and row selection; sorting is
 * manual: a header click changes the URL and the server sorts). Scrolls sideways inside its card
 * on small screens, so the page itself never scrolls horizontally.
 */
export function DataTable<TRow extends RowData>({
  columns,
  rows,
  rowId,
  rowLabel,
  sort,
  dir,
  onSort,
  visible,
  selection,
  onSelectionChange,
  selectable,
  caption,
  testId,
  rowProps,
  wrapColumn = "name",
  selectAllLabel = "Select all loaded rows",
}: DataTableProps<TRow>) {
  const columnVisibility = useMemo(
    () => Object.fromEntries(columns.map((c) => [columnId(c), visible.includes(columnId(c))])),
    [columns, visible],
  );
  const sorting = useMemo(() => [{ id: sort, desc: dir === "desc" }], [sort, dir]);
  const table = useTable({
    features: listTableFeatures,
    columns,
    data: rows,
    getRowId: rowId,
    manualSorting: true,
    enableRowSelection: selectable,
    state: { sorting, columnVisibility, rowSelection: selection },
    onRowSelectionChange: (updater) => onSelectionChange(typeof updater === "function" ? updater(selection) : updater),
  });

  const allSelected = rows.length > 0 && rows.every((r) => selection[rowId(r)]);
  const someSelected = rows.some((r) => selection[rowId(r)]);
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-sm" data-testid={`${testId}-table`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 dark:bg-slate-800/60">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-b border-slate-200 text-left dark:border-slate-800">
              {selectable && (
                <th scope="col" className="w-10 px-3 py-2.5">
                  <input
                    type="checkbox"
                    aria-label={selectAllLabel}
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
                const key = header.column.id;
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
          {table.getRowModel().rows.map((row) => {
            const extra = rowProps?.(row.original) ?? {};
            return (
              <tr
                key={row.id}
                {...extra}
                className={cn(
                  "align-top hover:bg-slate-50 dark:hover:bg-slate-800/40",
                  extra.className,
                  row.getIsSelected() && "bg-sky-50/80 dark:bg-sky-950/30",
                )}
              >
                {selectable && (
                  <td className="px-3 py-3">
                    <input
                      type="checkbox"
                      aria-label={`Select ${rowLabel(row.original)}`}
                      className="size-4 accent-sky-700"
                      checked={row.getIsSelected()}
                      onChange={() => row.toggleSelected()}
                    />
                  </td>
                )}
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={cn(
                      "px-3 py-3 text-slate-800 dark:text-slate-200",
                      cell.column.id !== wrapColumn && "whitespace-nowrap",
                    )}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
