import { FilterToolbar } from "@/components/triage/filter-toolbar";
import { SavedViews } from "@/components/triage/saved-views";
import { ColumnChooser } from "@/components/ui/column-chooser";
import { activeFilterCount, type ListState } from "../lib/list-params";
import { alertColumnChoices, defaultColumns } from "./alert-columns";
import { FilterPanel } from "./filter-panel";

type Props = {
  state: ListState;
  onChange: (next: ListState) => void;
  columns: string[];
  onColumnsChange: (next: string[]) => void;
  exportHref: string;
  currentQuery: string;
};

const search = { id: "alert-search", label: "Search alerts", placeholder: "Name, rule, host, user, IP, ticket… then Enter" };

/** Search, filters, columns, saved views and export over the alert list. */
export function AlertsToolbar({ state, onChange, columns, onColumnsChange, exportHref, currentQuery }: Props) {
  return (
    <FilterToolbar
      state={state}
      onChange={onChange}
      search={search}
      filterCount={activeFilterCount(state)}
      Panel={FilterPanel}
      exportHref={exportHref}
    >
      <ColumnChooser
        columns={alertColumnChoices}
        visible={columns}
        defaults={defaultColumns}
        locked="name"
        onChange={onColumnsChange}
      />
      <SavedViews list="alerts" currentQuery={currentQuery} />
    </FilterToolbar>
  );
}
