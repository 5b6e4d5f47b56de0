import { Button } from "./button";

type Props = {
  count: number;
  /** "alert(s)", "finding(s)". */
  noun: string;
  hasMore: boolean;
  loadingMore: boolean;
  refreshing: boolean;
  onLoadMore: () => void;
};

/** How many rows are loaded and the keyset "Load more" under a list table. */
export function ListFooter({ count, noun, hasMore, loadingMore, refreshing, onLoadMore }: Props) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
      <p aria-live="polite" data-testid="row-count">
        Showing {count} {noun}
        {hasMore ? ", more available" : ""}
        {refreshing ? " · refreshing…" : ""}
      </p>
      {hasMore && (
        <Button variant="secondary" size="sm" loading={loadingMore} onClick={onLoadMore}>
          Load more
        </Button>
      )}
    </div>
  );
}
