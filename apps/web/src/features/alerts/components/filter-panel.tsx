import { useState } from "react";
import type { FilterPanelProps } from "@/components/triage/filter-toolbar";
import { FilterForm } from "@/components/triage/filter-form";
import { type FilterGroup, tenantGroup, valueOptions } from "@/components/triage/filter-values";
import { type TextListFilter, useTextListFilters } from "@/components/triage/text-list-fields";
import { TextField } from "@/components/ui/field";
import { emptyFilters, enumOptions, filterLabels, type ListFilterKey, type ListState } from "../lib/list-params";

const enumKeys: ListFilterKey[] = ["status", "priority", "ackSla", "respondSla", "environment", "tactic"];
const textFilters: TextListFilter<ListFilterKey>[] = [
  { key: "assignee", hint: "Names, comma-separated; “unassigned” for none" },
  { key: "technique", hint: "e.g. T1110, T1059.001" },
  { key: "detectionSource", hint: "e.g. EDR, SIEM" },
  { key: "sourceTool", hint: "e.g. Wazuh, Suricata" },
];

/** Every alert filter in the kit's filter form; the free-text ones are comma-separated lists. */
export function FilterPanel({ state, tenants, onApply }: FilterPanelProps<ListState>) {
  const [draft, setDraft] = useState(state);
  const texts = useTextListFilters(textFilters, state.filters);

  const groups: FilterGroup<ListFilterKey>[] = enumKeys.map((key) => ({
    key,
    legend: filterLabels[key],
    options: valueOptions(enumOptions[key]),
    scroll: key === "tactic",
  }));
  groups.splice(2, 0, ...tenantGroup<ListFilterKey>("tenant", filterLabels.tenant, tenants));

  return (
    <FilterForm
      label="Alert filters"
      groups={groups}
      values={draft.filters}
      onValues={(filters) => setDraft({ ...draft, filters })}
      onSubmit={() => onApply({ ...draft, filters: { ...draft.filters, ...texts.read() } })}
      onReset={() => {
        setDraft({ ...draft, filters: emptyFilters(), from: "", to: "" });
        texts.clear();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {texts.fields(filterLabels)}
        <TextField
          label="Detected from"
          type="date"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <TextField
          label="Detected to"
          type="date"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
      </div>
    </FilterForm>
  );
}
