import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { FilterToolbar } from "@/components/triage/filter-toolbar";
import { ListPage } from "@/components/triage/list-page";
import { useExportHref, useListColumns, useListRows, useListSelection, useListTenants } from "@/components/triage/use-list";
import { ViewToggle } from "@/components/triage/view-toggle";
import { ColumnChooser } from "@/components/ui/column-chooser";
import { columnId } from "@/components/ui/data-table";
import { columnsStore } from "@/lib/columns-store";
import { useCan } from "@/lib/permissions";
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

const columns = columnsStore("watchfloor.finding-columns", findingColumns.map(columnId), defaultFindingColumns, "title");

const search = {
  id: "finding-search",
  label: "Search vulnerabilities",
  placeholder: "Title, CVE, CWE, asset id, name or host… then Enter",
};

/**
 * The vulnerable-asset list on the kit's list page: every filter, the sort, the view and the
 * columns live in the URL. `assetId` pins the list to one asset (the asset page) on top of the URL.
 */
export function FindingsList({ assetId }: { assetId?: string }) {
  const [params, setParams] = useSearchParams();
  const canWrite = useCan("data.write");
  const state = useMemo(() => parseFindingState(params), [params]);
  const query = useMemo(() => toFindingApiQuery(state, assetId ? { assetId } : {}), [state, assetId]);
  const findings = useFindings(query);
  const rows = useListRows(findings.data);
  const { selection, setSelection, selected, clear } = useListSelection(query);
  const { visible, onColumns } = useListColumns(columns);
  const { tenantName } = useListTenants();
  const exportHref = useExportHref("/findings/export.csv", query, state.lists.tenant.length > 0);
  const change = (next: FindingListState) => setParams(withFindingState(params, next));
  const viewWord = state.view === "all" ? "" : `${state.view} `;

  return (
    <ListPage
      list={findings}
      rows={rows}
      what="vulnerabilities"
      noun="finding(s)"
      toolbar={
        <FilterToolbar
          state={state}
          onChange={change}
          search={search}
          filterCount={activeFindingFilterCount(state)}
          Panel={FindingsFilterPanel}
          exportHref={exportHref}
        >
          <ViewToggle label="Show findings" value={state.view} onChange={(view) => change({ ...state, view })} />
          <ColumnChooser
            columns={findingColumnChoices}
            visible={visible}
            defaults={defaultFindingColumns}
            locked="title"
            onChange={onColumns}
          />
        </FilterToolbar>
      }
      chips={findingChips(state, tenantName, change)}
      bulkBar={canWrite && <FindingsBulkBar selected={selected} rows={rows} onClear={clear} />}
      filtered={hasFindingFilters(state)}
      onClearFilters={() => change(clearedFindingState(state))}
      empty={{
        title: `No ${viewWord}findings`,
        text: assetId
          ? "Scanners have reported nothing in this view for this asset."
          : "Import a scanner report (Nessus, OpenVAS, Trivy, Qualys…) to see vulnerable assets here.",
        filteredTitle: "No findings match these filters",
        filteredText: "Remove a filter or widen the score range.",
      }}
      sorting={{ state, firstDirection, onChange: (sort) => change({ ...state, ...sort }) }}
      table={{
        columns: findingColumns,
        rowLabel: (row) => `${row.title} on ${row.assetKey}`,
        visible,
        selection,
        onSelectionChange: setSelection,
        selectable: canWrite,
        caption: `${viewWord}findings, sorted by ${state.sort} ${state.dir === "asc" ? "ascending" : "descending"}; overdue rows are marked`,
        testId: "findings",
        wrapColumn: "title",
        selectAllLabel: "Select all loaded findings",
        rowProps: (row) => ({
          "data-testid": "finding-row",
          "data-finding-id": row.id,
          "data-overdue": row.overdue ? "true" : undefined,
          // A red edge marks overdue rows without relying on colour alone (the Due cell says "Overdue").
          className: row.overdue ? "shadow-[inset_3px_0_0_var(--color-red-600)]" : undefined,
        }),
      }}
    />
  );
}
