import type { ComponentType, ReactNode } from "react";
import { ListToolbar } from "@/components/ui/list-toolbar";
import { useListTenants } from "./use-list";

/** A list's filter panel: edits a draft of the state and hands back the next one. */
export type FilterPanelProps<S> = { state: S; tenants: { id: string; name: string }[]; onApply: (next: S) => void };

type Props<S extends { q: string }> = {
  /** The list's state (from the URL) and how to change it (write the URL). */
  state: S;
  onChange: (next: S) => void;
  /** Id and label of the search box ("alert-search", "Search alerts") and its placeholder. */
  search: { id: string; label: string; placeholder: string };
  filterCount: number;
  /** The feature's filter panel; it starts again from the applied state whenever that changes. */
  Panel: ComponentType<FilterPanelProps<S>>;
  exportHref?: string;
  /** The list's own controls (view, columns, saved views). */
  children?: ReactNode;
};

/** The kit's list toolbar bound to a list state: search and the filter panel both write the state. */
export function FilterToolbar<S extends { q: string }>({ state, onChange, search, filterCount, Panel, ...props }: Props<S>) {
  const { tenants } = useListTenants();
  return (
    <ListToolbar
      searchId={search.id}
      searchLabel={search.label}
      placeholder={search.placeholder}
      q={state.q}
      onSearch={(q) => onChange({ ...state, q })}
      filterCount={filterCount}
      panel={(close) => (
        <Panel
          key={JSON.stringify(state)}
          state={state}
          tenants={tenants}
          onApply={(next) => {
            onChange(next);
            close();
          }}
        />
      )}
      exportHref={props.exportHref}
    >
      {props.children}
    </ListToolbar>
  );
}
