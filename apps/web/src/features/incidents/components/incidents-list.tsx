import type { IncidentSortKey } from "@watchfloor/shared";
import { Siren } from "lucide-react";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { FilterToolbar } from "@/components/triage/filter-toolbar";
import { ListPage } from "@/components/triage/list-page";
import { SavedViews } from "@/components/triage/saved-views";
import { useExportHref, useListColumns, useListRows, useListSelection, useListTenants } from "@/components/triage/use-list";
import { ColumnChooser } from "@/components/ui/column-chooser";
import { useCan } from "@/lib/permissions";
import { ViewToggle } from "@/components/triage/view-toggle";
import { dayAfterToIso, dayToIso } from "@/lib/dates";
import { useCurrentUser } from "@/lib/session";
import { useIncidents } from "../api/get-incidents";
import {
  activeIncidentFilterCount,
  clearedIncidentState,
  firstDirection,
  hasIncidentFilters,
  type IncidentListState,
  incidentChips,
  parseIncidentState,
  toIncidentApiQuery,
  withIncidentState,
} from "../lib/list-params";
import { incidentColumnsStore } from "../lib/columns-store";
import { IncidentBulkBar } from "./incident-bulk-bar";
import { defaultIncidentColumns, incidentColumnChoices, incidentColumns } from "./incident-columns";
import { IncidentsFilterPanel } from "./incidents-filter-panel";

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

const search = { id: "incident-search", label: "Search incidents", placeholder: "Title or reference (INC-0007), then Enter" };

/** Incidents (cases) on the kit's list page: view, filters, created-date range, text and sort all live in the URL. */
export function IncidentsList() {
  const [params, setParams] = useSearchParams();
  const timeZone = useCurrentUser().preferences.timeZone;
  const state = useMemo(() => parseIncidentState(params), [params]);
  const query = useMemo(
    () => toIncidentApiQuery(state, (day, end) => (end ? dayAfterToIso(day, timeZone) : dayToIso(day, timeZone))),
    [state, timeZone],
  );
  const incidents = useIncidents(query);
  const rows = useListRows(incidents.data);
  const { tenantName } = useListTenants();
  const canWrite = useCan("data.write");
  const { selection, setSelection, selected, clear } = useListSelection(query);
  const { visible, onColumns } = useListColumns(incidentColumnsStore);
  const exportHref = useExportHref("/incidents/export.csv", query, state.filters.tenant.length > 0);
  const change = (next: IncidentListState) => setParams(withIncidentState(params, next));
  const viewWord = state.view === "all" ? "" : `${state.view} `;

  return (
    <ListPage
      list={incidents}
      rows={rows}
      what="incidents"
      noun="incident(s)"
      toolbar={
        <FilterToolbar
          state={state}
          onChange={change}
          search={search}
          filterCount={activeIncidentFilterCount(state)}
          Panel={IncidentsFilterPanel}
          exportHref={exportHref}
        >
          <ViewToggle label="Show incidents" value={state.view} onChange={(view) => change({ ...state, view })} />
          <ColumnChooser
            columns={incidentColumnChoices}
            visible={visible}
            defaults={defaultIncidentColumns}
            locked="title"
            onChange={onColumns}
          />
          <SavedViews list="incidents" currentQuery={params.toString() ? `?${params}` : ""} />
        </FilterToolbar>
      }
      chips={incidentChips(state, tenantName, change)}
      bulkBar={canWrite && <IncidentBulkBar selected={selected} rows={rows} onClear={clear} />}
      filtered={hasIncidentFilters(state)}
      onClearFilters={() => change(clearedIncidentState(state))}
      empty={{
        title: `No ${viewWord}incidents`,
        text: "Escalate an alert from its page, or create an incident by hand.",
        filteredTitle: "No incidents match these filters",
        filteredText: "Remove a filter or widen the date range.",
        icon: <Siren aria-hidden className="size-8" />,
      }}
      sorting={{ state, firstDirection, onChange: (sort) => change({ ...state, ...sort }) }}
      table={{
        columns: incidentColumns,
        rowLabel: (row) => row.title,
        visible,
        selection,
        onSelectionChange: setSelection,
        selectable: canWrite,
        caption: `${viewWord}incidents, sorted by ${sortNames[state.sort]} ${state.dir === "asc" ? "ascending" : "descending"}`,
        testId: "incidents",
        wrapColumn: "title",
        rowProps: (row) => ({ "data-testid": "incident-row", "data-incident-id": row.id }),
      }}
    />
  );
}
