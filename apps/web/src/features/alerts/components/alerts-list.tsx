import type { AlertSortKey } from "@watchfloor/shared";
import type { RowSelectionState } from "@tanstack/react-table";
import { SearchX } from "lucide-react";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { FilterChips } from "@/components/ui/filter-chips";
import { ListFooter } from "@/components/ui/list-footer";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { env } from "@/config/env";
import { useCan } from "@/lib/permissions";
import { useCurrentUser } from "@/lib/session";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { useAlerts } from "../api/get-alerts";
import { readColumns, storeColumns } from "../lib/columns-store";
import { filterChips, type ListState, parseListState, toApiQuery, withListState } from "../lib/list-params";
import { alertColumnChoices, alertColumns } from "./alert-columns";
import { AlertsToolbar } from "./alerts-toolbar";
import { BulkBar } from "./bulk-bar";

/** A first click on these sorts newest (or most urgent) first; every other column A to Z, or soonest due first. */
const descendingFirst: AlertSortKey[] = ["detectedAt", "updatedAt", "priority"];

/** The triage queue for one view (open, closed or all): every bit of state is in the URL. */
export function AlertsList({ view }: { view: "open" | "closed" | "all" }) {
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const selectedTenant = useSelectedTenantId();
  const canWrite = useCan("data.write");
  const state = useMemo(() => parseListState(params), [params]);
  const columns = useMemo(() => readColumns(params.get("cols")), [params]);
  const query = useMemo(() => toApiQuery(view, state, user.preferences.timeZone), [view, state, user.preferences.timeZone]);
  const alerts = useAlerts(query);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [selectionKey, setSelectionKey] = useState(JSON.stringify(query));
  // A different list (filters, sort, view) starts with nothing selected.
  if (selectionKey !== JSON.stringify(query)) {
    setSelectionKey(JSON.stringify(query));
    setSelection({});
  }

  const tenants = user.memberships.map((m) => ({ id: m.tenantId, name: m.tenantName }));
  const tenantName = (id: string) => tenants.find((t) => t.id === id)?.name ?? id;
  const change = (next: ListState) => setParams(withListState(params, next));
  const onSort = (key: string) => {
    const sort = key as AlertSortKey;
    const dir = sort === state.sort ? (state.dir === "asc" ? "desc" : "asc") : descendingFirst.includes(sort) ? "desc" : "asc";
    change({ ...state, sort, dir });
  };
  const onColumns = (cols: string[]) => {
    storeColumns(cols);
    const next = new URLSearchParams(params);
    next.set("cols", cols.join(","));
    setParams(next, { replace: true });
  };

  const exportQuery = new URLSearchParams(query);
  if (!state.filters.tenant.length && selectedTenant) exportQuery.set("tenant", selectedTenant);
  const rows = useMemo(() => alerts.data?.pages.flatMap((p) => p.items) ?? [], [alerts.data]);
  const selected = Object.keys(selection).filter((id) => selection[id]);
  const filtered = state.q || state.from || state.to || Object.values(state.filters).some((v) => v.length);

  return (
    <div className="space-y-4">
      <AlertsToolbar
        state={state}
        tenants={tenants}
        onChange={change}
        columns={columns}
        onColumnsChange={onColumns}
        exportHref={`${env.apiBase}/alerts/export.csv?${exportQuery}`}
        currentQuery={params.toString() ? `?${params}` : ""}
      />
      <FilterChips chips={filterChips(state, tenantName, change)} />
      {canWrite && <BulkBar selected={selected} rows={rows} onClear={() => setSelection({})} />}
      {alerts.isPending ? (
        <LoadingState label="Loading alerts" />
      ) : alerts.isError ? (
        <ErrorState error={alerts.error} onRetry={() => alerts.refetch()} title="Could not load alerts" />
      ) : rows.length === 0 ? (
        <EmptyState
          title={filtered ? "No alerts match these filters" : `No ${view === "all" ? "" : `${view} `}alerts`}
          icon={<SearchX aria-hidden className="size-8" />}
        >
          {filtered ? "Remove a filter or widen the date range." : "New detections appear here as they arrive."}
          {filtered && (
            <div className="mt-3">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => change({ ...parseListState(new URLSearchParams()), sort: state.sort, dir: state.dir })}
              >
                Clear filters
              </Button>
            </div>
          )}
        </EmptyState>
      ) : (
        <>
          <DataTable
            columns={alertColumns}
            rows={rows}
            rowId={(row) => row.id}
            rowLabel={(row) => row.name}
            sort={state.sort}
            dir={state.dir}
            onSort={onSort}
            visible={columns}
            selection={selection}
            onSelectionChange={setSelection}
            selectable={canWrite}
            caption={`${view} alerts, sorted by ${alertColumnChoices.find((c) => c.id === state.sort)?.label ?? state.sort} ${state.dir === "asc" ? "ascending" : "descending"}`}
            testId="alerts"
            rowProps={(row) => ({ "data-testid": "alert-row", "data-alert-id": row.id })}
            selectAllLabel="Select all loaded alerts"
          />
          <ListFooter
            count={rows.length}
            noun="alert(s)"
            hasMore={alerts.hasNextPage}
            loadingMore={alerts.isFetchingNextPage}
            refreshing={alerts.isFetching && !alerts.isFetchingNextPage}
            onLoadMore={() => alerts.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}
