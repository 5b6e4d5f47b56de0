import type { AlertSortKey } from "@watchfloor/shared";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { ListPage } from "@/components/triage/list-page";
import { useExportHref, useListColumns, useListRows, useListSelection, useListTenants } from "@/components/triage/use-list";
import { useCan } from "@/lib/permissions";
import { useCurrentUser } from "@/lib/session";
import { useAlerts } from "../api/get-alerts";
import { alertColumnsStore } from "../lib/columns-store";
import { filterChips, type ListState, parseListState, toApiQuery, withListState } from "../lib/list-params";
import { alertColumnChoices, alertColumns } from "./alert-columns";
import { AlertsToolbar } from "./alerts-toolbar";
import { BulkBar } from "./bulk-bar";

/** A first click on these sorts newest (or most urgent) first; every other column A to Z, or soonest due first. */
const descendingFirst: AlertSortKey[] = ["detectedAt", "updatedAt", "priority"];
const firstDirection = (key: AlertSortKey) => (descendingFirst.includes(key) ? "desc" : "asc");

/** The triage queue for one view (open, closed or all), on the kit's list page: every bit of state is in the URL. */
export function AlertsList({ view }: { view: "open" | "closed" | "all" }) {
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const canWrite = useCan("data.write");
  const state = useMemo(() => parseListState(params), [params]);
  const query = useMemo(() => toApiQuery(view, state, user.preferences.timeZone), [view, state, user.preferences.timeZone]);
  const alerts = useAlerts(query);
  const rows = useListRows(alerts.data);
  const { selection, setSelection, selected, clear } = useListSelection(query);
  const { visible, onColumns } = useListColumns(alertColumnsStore);
  const { tenantName } = useListTenants();
  const exportHref = useExportHref("/alerts/export.csv", query, state.filters.tenant.length > 0);

  const change = (next: ListState) => setParams(withListState(params, next));
  const filtered = Boolean(state.q || state.from || state.to || Object.values(state.filters).some((v) => v.length));
  const viewWord = view === "all" ? "" : `${view} `;

  return (
    <ListPage
      list={alerts}
      rows={rows}
      what="alerts"
      noun="alert(s)"
      toolbar={
        <AlertsToolbar
          state={state}
          onChange={change}
          columns={visible}
          onColumnsChange={onColumns}
          exportHref={exportHref}
          currentQuery={params.toString() ? `?${params}` : ""}
        />
      }
      chips={filterChips(state, tenantName, change)}
      bulkBar={canWrite && <BulkBar selected={selected} rows={rows} onClear={clear} />}
      filtered={filtered}
      onClearFilters={() => change({ ...parseListState(new URLSearchParams()), sort: state.sort, dir: state.dir })}
      empty={{
        title: `No ${viewWord}alerts`,
        text: "New detections appear here as they arrive.",
        filteredTitle: "No alerts match these filters",
        filteredText: "Remove a filter or widen the date range.",
      }}
      sorting={{ state, firstDirection, onChange: (sort) => change({ ...state, ...sort }) }}
      table={{
        columns: alertColumns,
        rowLabel: (row) => row.name,
        visible,
        selection,
        onSelectionChange: setSelection,
        selectable: canWrite,
        caption: `${view} alerts, sorted by ${alertColumnChoices.find((c) => c.id === state.sort)?.label ?? state.sort} ${state.dir === "asc" ? "ascending" : "descending"}`,
        testId: "alerts",
        rowProps: (row) => ({ "data-testid": "alert-row", "data-alert-id": row.id }),
        selectAllLabel: "Select all loaded alerts",
      }}
    />
  );
}
