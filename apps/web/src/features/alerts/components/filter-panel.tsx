import { useState } from "react";
import type { FilterPanelProps } from "@/components/triage/filter-toolbar";
import { FilterForm } from "@/components/triage/filter-form";
import { type FilterGroup, tenantGroup, valueOptions } from "@/components/triage/filter-values";
import { TextField } from "@/components/ui/field";
import { splitParam } from "@/lib/list-params";
import { emptyFilters, enumOptions, filterLabels, type ListFilterKey, type ListState } from "../lib/list-params";

const enumKeys: ListFilterKey[] = ["status", "priority", "ackSla", "respondSla", "environment", "tactic"];
const textKeys: { key: ListFilterKey; hint: string }[] = [
  { key: "assignee", hint: "Names, comma-separated; “unassigned” for none" },
  { key: "technique", hint: "e.g. T1110, T1059.001" },
  { key: "detectionSource", hint: "e.g. EDR, SIEM" },
  { key: "sourceTool", hint: "e.g. Wazuh, Suricata" },
];

/** Every alert filter in the kit's filter form; the free-text ones are comma-separated lists. */
export function FilterPanel({ state, tenants, onApply }: FilterPanelProps<ListState>) {
  const [draft, setDraft] = useState(state);
  const [texts, setTexts] = useState(
    () => Object.fromEntries(textKeys.map(({ key }) => [key, state.filters[key].join(", ")])) as Record<string, string>,
  );

  function submit() {
    const filters = { ...draft.filters };
    for (const { key } of textKeys) filters[key] = splitParam(texts[key] ?? "");
    onApply({ ...draft, filters });
  }

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
      onSubmit={submit}
      onReset={() => {
        setDraft({ ...draft, filters: emptyFilters(), from: "", to: "" });
        setTexts({});
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {textKeys.map(({ key, hint }) => (
          <TextField
            key={key}
            label={filterLabels[key]}
            hint={hint}
            value={texts[key] ?? ""}
            onChange={(e) => setTexts((t) => ({ ...t, [key]: e.target.value }))}
          />
        ))}
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
