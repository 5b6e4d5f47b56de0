import type { RowData } from "@tanstack/react-table";
import { SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DataTable, type DataTableProps } from "@/components/ui/data-table";
import { type FilterChip, FilterChips } from "@/components/ui/filter-chips";
import { ListFooter } from "@/components/ui/list-footer";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { nextSort } from "@/lib/list-params";

/** What the shell reads from a TanStack infinite (keyset) query. */
export type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
};

/** The list's sort and how a header click changes it (`nextSort`: flip, or the column's first direction). */
export type ListSorting<S extends string> = {
  state: { sort: S; dir: "asc" | "desc" };
  firstDirection: (key: S) => "asc" | "desc";
  onChange: (next: { sort: S; dir: "asc" | "desc" }) => void;
};

type Props<Row extends RowData & { id: string }, S extends string> = {
  /** The list query and the rows of its loaded pages (`useListRows`). */
  list: ListQuery;
  rows: Row[];
  /** "alerts": "Loading alerts", "Could not load alerts". */
  what: string;
  /** "alert(s)": "Showing 12 alert(s)". */
  noun: string;
  /** Search, filters, columns... (`ListToolbar`). */
  toolbar: ReactNode;
  chips: FilterChip[];
  /** Shown above the table while it can act on selected rows. */
  bulkBar?: ReactNode;
  /** Whether any filter is applied: the empty state then says so and offers to clear them. */
  filtered: boolean;
  onClearFilters: () => void;
  empty: { title: string; text: ReactNode; filteredTitle: string; filteredText: ReactNode; icon?: ReactNode };
  sorting: ListSorting<S>;
  /** The table; rows are identified by their `id` unless `rowId` says otherwise. */
  table: Omit<DataTableProps<Row>, "rows" | "sort" | "dir" | "onSort" | "rowId"> & { rowId?: (row: Row) => string };
};

/**
 * The page body of every triage list: toolbar, active filter chips, bulk bar, then loading, error,
 * empty (filtered or not) or the table with its "Load more" footer. The feature keeps its state in
 * the URL and passes the pieces in.
 */
export function ListPage<Row extends RowData & { id: string }, S extends string>(props: Props<Row, S>) {
  const { list, rows, what, noun, toolbar, chips, bulkBar, filtered, empty, sorting } = props;
  return (
    <div className="space-y-4">
      {toolbar}
      <FilterChips chips={chips} />
      {bulkBar}
      {list.isPending ? (
        <LoadingState label={`Loading ${what}`} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} title={`Could not load ${what}`} />
      ) : rows.length === 0 ? (
        <EmptyState
          title={filtered ? empty.filteredTitle : empty.title}
          icon={filtered || !empty.icon ? <SearchX aria-hidden className="size-8" /> : empty.icon}
        >
          {filtered ? empty.filteredText : empty.text}
          {filtered && (
            <div className="mt-3">
              <Button variant="secondary" size="sm" onClick={props.onClearFilters}>
                Clear filters
              </Button>
            </div>
          )}
        </EmptyState>
      ) : (
        <>
          <DataTable
            rowId={(row) => row.id}
            {...props.table}
            rows={rows}
            sort={sorting.state.sort}
            dir={sorting.state.dir}
            onSort={(key) => sorting.onChange(nextSort(sorting.state, key as S, sorting.firstDirection))}
          />
          <ListFooter
            count={rows.length}
            noun={noun}
            hasMore={list.hasNextPage}
            loadingMore={list.isFetchingNextPage}
            refreshing={list.isFetching && !list.isFetchingNextPage}
            onLoadMore={() => list.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}
