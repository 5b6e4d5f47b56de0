import type { RowSelectionState } from "@tanstack/react-table";
import type { FindingSortKey } from "@watchfloor/shared";
import { SearchX } from "lucide-react";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { ColumnChooser } from "@/components/ui/column-chooser";
import { columnId, DataTable } from "@/components/ui/data-table";
import { FilterChips } from "@/components/ui/filter-chips";
import { ListFooter } from "@/components/ui/list-footer";
import { ListToolbar } from "@/components/ui/list-toolbar";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { env } from "@/config/env";
import { columnsStore } from "@/lib/columns-store";
import { useCan } from "@/lib/permissions";
import { useCurrentUser } from "@/lib/session";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { useFindings } from "../api/get-findings";
import {
  activeFindingFilterCount,
  clearedFindingState,
  type FindingListState,
  findingChips,
  firstDirection,
  hasFindingFilters,
  parseFindingState,
  toFindingApiQuery,
  withFindingState,
} from "../lib/list-params";
import { defaultFindingColumns, findingColumnChoices, findingColumns } from "./finding-columns";
import { FindingsBulkBar } from "./findings-bulk-bar";
import { FindingsFilterPanel } from "./findings-filter-panel";
import { ViewSwitch } from "./view-switch";

const columns = columnsStore("watchfloor.finding-columns", findingColumns.map(columnId), defaultFindingColumns, "title");

/**
 * The vulnerable-asset list: every filter, the sort, the view and the columns live in the URL.
 * `assetId` pins the list to one asset (the asset page) on top of whatever the URL says.
 */
export function FindingsList({ assetId }: { assetId?: string }) {
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const selectedTenant = useSelectedTenantId();
  const canWrite = useCan("data.write");
  const state = useMemo(() => parseFindingState(params), [params]);
  const visible = useMemo(() => columns.read(params.get("cols")), [params]);
  const query = useMemo(() => toFindingApiQuery(state, assetId ? { assetId } : {}), [state, assetId]);
  const findings = useFindings(query);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [selectionKey, setSelectionKey] = useState(JSON.stringify(query));
  // A different list (filters, sort, view) starts with nothing selected.
  if (selectionKey !== JSON.stringify(query)) {
    setSelectionKey(JSON.stringify(query));
    setSelection({});
  }

  const tenants = user.memberships.map((m) => ({ id: m.tenantId, name: m.tenantName }));
  const tenantName = (id: string) => tenants.find((t) => t.id === id)?.name ?? id;
  const change = (next: FindingListState) => setParams(withFindingState(params, next));
  const onSort = (key: string) => {
    const sort = key as FindingSortKey;
    const dir = sort === state.sort ? (state.dir === "asc" ? "desc" : "asc") : firstDirection(sort);
    change({ ...state, sort, dir });
  };
  const onColumns = (cols: string[]) => {
    columns.store(cols);
    const next = new URLSearchParams(params);
    next.set("cols", cols.join(","));
    setParams(next, { replace: true });
  };

  const exportQuery = new URLSearchParams(query);
  if (!state.lists.tenant.length && selectedTenant) exportQuery.set("tenant", selectedTenant);
  const rows = useMemo(() => findings.data?.pages.flatMap((p) => p.items) ?? [], [findings.data]);
  const selected = Object.keys(selection).filter((id) => selection[id]);
  const filtered = hasFindingFilters(state);
  const viewWord = state.view === "all" ? "" : `${state.view} `;

  return (
    <div className="space-y-4">
      <ListToolbar
        searchId="finding-search"
        searchLabel="Search vulnerabilities"
        placeholder="Title, CVE, CWE, asset id, name or host… then Enter"
        q={state.q}
        onSearch={(q) => change({ ...state, q })}
        filterCount={activeFindingFilterCount(state)}
        panel={(close) => (
          <FindingsFilterPanel
            key={JSON.stringify(state)}
            state={state}
            tenants={tenants}
            onApply={(next) => {
              change(next);
              close();
            }}
          />
        )}
        exportHref={`${env.apiBase}/findings/export.csv?${exportQuery}`}
      >
        <ViewSwitch view={state.view} onChange={(view) => change({ ...state, view })} />
        <ColumnChooser
          columns={findingColumnChoices}
          visible={visible}
          defaults={defaultFindingColumns}
          locked="title"
          onChange={onColumns}
        />
      </ListToolbar>
      <FilterChips chips={findingChips(state, tenantName, change)} />
      {canWrite && <FindingsBulkBar selected={selected} rows={rows} onClear={() => setSelection({})} />}
      {findings.isPending ? (
        <LoadingState label="Loading vulnerabilities" />
      ) : findings.isError ? (
        <ErrorState error={findings.error} onRetry={() => findings.refetch()} title="Could not load vulnerabilities" />
      ) : rows.length === 0 ? (
        <EmptyState
          title={filtered ? "No findings match these filters" : `No ${viewWord}findings`}
          icon={<SearchX aria-hidden className="size-8" />}
        >
          {filtered
            ? "Remove a filter or widen the score range."
            : assetId
              ? "Scanners have reported nothing in this view for this asset."
              : "Import a scanner report (Nessus, OpenVAS, Trivy, Qualys…) to see vulnerable assets here."}
          {filtered && (
            <div className="mt-3">
              <Button variant="secondary" size="sm" onClick={() => change(clearedFindingState(state))}>
                Clear filters
              </Button>
            </div>
          )}
        </EmptyState>
      ) : (
        <>
          <DataTable
            columns={findingColumns}
            rows={rows}
            rowId={(row) => row.id}
            rowLabel={(row) => `${row.title} on ${row.assetKey}`}
            sort={state.sort}
            dir={state.dir}
            onSort={onSort}
            visible={visible}
            selection={selection}
            onSelectionChange={setSelection}
            selectable={canWrite}
            caption={`${viewWord}findings, sorted by ${state.sort} ${state.dir === "asc" ? "ascending" : "descending"}; overdue rows are marked`}
            testId="findings"
            wrapColumn="title"
            selectAllLabel="Select all loaded findings"
            rowProps={(row) => ({
              "data-testid": "finding-row",
              "data-finding-id": row.id,
              "data-overdue": row.overdue ? "true" : undefined,
              // A red edge marks overdue rows without relying on colour alone (the Due cell says "Overdue").
              className: row.overdue ? "shadow-[inset_3px_0_0_var(--color-red-600)]" : undefined,
            })}
          />
          <ListFooter
            count={rows.length}
            noun="finding(s)"
            hasMore={findings.hasNextPage}
            loadingMore={findings.isFetchingNextPage}
            refreshing={findings.isFetching && !findings.isFetchingNextPage}
            onLoadMore={() => findings.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}
