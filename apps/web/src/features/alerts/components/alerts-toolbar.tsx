import { ColumnChooser } from "@/components/ui/column-chooser";
import { ListToolbar } from "@/components/ui/list-toolbar";
import { activeFilterCount, type ListState } from "../lib/list-params";
import { alertColumnChoices, defaultColumns } from "./alert-columns";
import { FilterPanel } from "./filter-panel";
import { SavedViews } from "./saved-views";

type Props = {
  state: ListState;
  tenants: { id: string; name: string }[];
  onChange: (next: ListState) => void;
  columns: string[];
  onColumnsChange: (next: string[]) => void;
  exportHref: string;
  currentQuery: string;
};

/** Search, filters, columns, saved views and export over the alert list. */
export function AlertsToolbar({ state, tenants, onChange, columns, onColumnsChange, exportHref, currentQuery }: Props) {
  return (
    <ListToolbar
      searchId="alert-search"
      searchLabel="Search alerts"
      placeholder="Name, rule, host, user, IP, ticket… then Enter"
      q={state.q}
      onSearch={(q) => onChange({ ...state, q })}
      filterCount={activeFilterCount(state)}
      panel={(close) => (
        <FilterPanel
          key={JSON.stringify(state)}
          state={state}
          tenants={tenants}
          onApply={(next) => {
            onChange(next);
            close();
          }}
        />
      )}
      exportHref={exportHref}
    >
      <ColumnChooser
        columns={alertColumnChoices}
        visible={columns}
        defaults={defaultColumns}
        locked="name"
        onChange={onColumnsChange}
      />
      <SavedViews currentQuery={currentQuery} />
    </ListToolbar>
  );
}
