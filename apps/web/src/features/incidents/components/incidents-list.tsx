import type { IncidentSortKey } from "@watchfloor/shared";
import { SearchX, Siren } from "lucide-react";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { FilterChips } from "@/components/ui/filter-chips";
import { ListFooter } from "@/components/ui/list-footer";
import { ListToolbar } from "@/components/ui/list-toolbar";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { dayAfterToIso, dayToIso } from "@/lib/dates";
import { useCurrentUser } from "@/lib/session";
import { useIncidents } from "../api/get-incidents";
import {
  activeIncidentFilterCount,
  clearedIncidentState,
  firstDirection,
  hasIncidentFilters,
  type IncidentListState,
  type IncidentView,
  incidentChips,
  parseIncidentState,
  toIncidentApiQuery,
  withIncidentState,
} from "../lib/list-params";
import { incidentColumnIds, incidentColumns } from "./incident-columns";
import { IncidentsFilterPanel } from "./incidents-filter-panel";

const views: { id: IncidentView; label: string }[] = [
  { id: "open", label: "Open" },
  { id: "closed", label: "Closed" },
  { id: "all", label: "All" },
];
const sortNames: Record<IncidentSortKey, string> = {
  createdAt: "created",
  updatedAt: "updated",
  priority: "priority",
  status: "status",
  title: "title",
  owner: "owner",
  tenant: "tenant",
  alertCount: "alert count",
};
const noSelection = {};

/** Incidents (cases): view, filters, created-date range, text and sort all live in the URL. */
export function IncidentsList() {
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const timeZone = user.preferences.timeZone;
  const state = useMemo(() => parseIncidentState(params), [params]);
  const query = useMemo(
    () => toIncidentApiQuery(state, (day, end) => (end ? dayAfterToIso(day, timeZone) : dayToIso(day, timeZone))),
    [state, timeZone],
  );
  const incidents = useIncidents(query);

  const tenants = user.memberships.map((m) => ({ id: m.tenantId, name: m.tenantName }));
  const tenantName = (id: string) => tenants.find((t) => t.id === id)?.name ?? id;
  const change = (next: IncidentListState) => setParams(withIncidentState(params, next));
  const onSort = (key: string) => {
    const sort = key as IncidentSortKey;
    const dir = sort === state.sort ? (state.dir === "asc" ? "desc" : "asc") : firstDirection(sort);
    change({ ...state, sort, dir });
  };

  const rows = useMemo(() => incidents.data?.pages.flatMap((p) => p.items) ?? [], [incidents.data]);
  const filtered = hasIncidentFilters(state);
  const viewWord = state.view === "all" ? "" : `${state.view} `;

  return (
    <div className="space-y-4">
      <ListToolbar
        searchId="incident-search"
        searchLabel="Search incidents"
        placeholder="Title or reference (INC-0007), then Enter"
        q={state.q}
        onSearch={(q) => change({ ...state, q })}
        filterCount={activeIncidentFilterCount(state)}
        panel={(close) => (
          <IncidentsFilterPanel
            key={JSON.stringify(state)}
            state={state}
            tenants={tenants}
            onApply={(next) => {
              change(next);
              close();
            }}
          />
        )}
      >
        <ToggleGroup label="Show incidents" options={views} value={state.view} onChange={(view) => change({ ...state, view })} />
      </ListToolbar>
      <FilterChips chips={incidentChips(state, tenantName, change)} />
      {incidents.isPending ? (
        <LoadingState label="Loading incidents" />
      ) : incidents.isError ? (
        <ErrorState error={incidents.error} onRetry={() => incidents.refetch()} title="Could not load incidents" />
      ) : rows.length === 0 ? (
        <EmptyState
          title={filtered ? "No incidents match these filters" : `No ${viewWord}incidents`}
          icon={filtered ? <SearchX aria-hidden className="size-8" /> : <Siren aria-hidden className="size-8" />}
        >
          {filtered
            ? "Remove a filter or widen the date range."
            : "Escalate an alert from its page, or create an incident by hand."}
          {filtered && (
            <div className="mt-3">
              <Button variant="secondary" size="sm" onClick={() => change(clearedIncidentState(state))}>
                Clear filters
              </Button>
            </div>
          )}
        </EmptyState>
      ) : (
        <>
          <DataTable
            columns={incidentColumns}
            rows={rows}
            rowId={(row) => row.id}
            rowLabel={(row) => row.title}
            sort={state.sort}
            dir={state.dir}
            onSort={onSort}
            visible={incidentColumnIds}
            selection={noSelection}
            onSelectionChange={() => {}}
            selectable={false}
            caption={`${viewWord}incidents, sorted by ${sortNames[state.sort]} ${state.dir === "asc" ? "ascending" : "descending"}`}
            testId="incidents"
            wrapColumn="title"
            rowProps={(row) => ({ "data-testid": "incident-row", "data-incident-id": row.id })}
          />
          <ListFooter
            count={rows.length}
            noun="incident(s)"
            hasMore={incidents.hasNextPage}
            loadingMore={incidents.isFetchingNextPage}
            refreshing={incidents.isFetching && !incidents.isFetchingNextPage}
            onLoadMore={() => incidents.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}
