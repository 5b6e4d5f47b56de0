import { useState } from "react";
import type { FilterPanelProps } from "@/components/triage/filter-toolbar";
import { FilterForm } from "@/components/triage/filter-form";
import { tenantGroup, valueOptions } from "@/components/triage/filter-values";
import { type TextListFilter, useTextListFilters } from "@/components/triage/text-list-fields";
import { TextField } from "@/components/ui/field";
import {
  clearedIncidentState,
  type IncidentFilterKey,
  type IncidentListState,
  incidentEnumOptions,
  incidentFilterLabels,
} from "../lib/list-params";

const enumKeys: IncidentFilterKey[] = ["status", "priority"];
const textFilters: TextListFilter<IncidentFilterKey>[] = [
  { key: "owner", hint: "Names, comma-separated; “unassigned” for none" },
  { key: "technique", hint: "ATT&CK ids of the incident's alerts, comma-separated (T1059, T1110.003)" },
];

/** Every incident filter in the kit's filter form; owners and techniques are comma-separated lists. */
export function IncidentsFilterPanel({ state, tenants, onApply }: FilterPanelProps<IncidentListState>) {
  const [draft, setDraft] = useState(state);
  const owners = useTextListFilters(textFilters, state.filters);
  const [dateError, setDateError] = useState("");

  function submit() {
    // Days as "YYYY-MM-DD" compare as text.
    if (draft.from && draft.to && draft.from > draft.to) {
      setDateError("The end is before the start.");
      return;
    }
    onApply({ ...draft, filters: { ...draft.filters, ...owners.read() } });
  }

  const groups = [
    ...enumKeys.map((key) => ({ key, legend: incidentFilterLabels[key], options: valueOptions(incidentEnumOptions[key]) })),
    ...tenantGroup<IncidentFilterKey>("tenant", incidentFilterLabels.tenant, tenants),
    {
      key: "tactic" as const,
      legend: `${incidentFilterLabels.tactic} (of the incident's alerts)`,
      options: valueOptions(incidentEnumOptions.tactic ?? []),
      scroll: true,
    },
  ];

  return (
    <FilterForm
      label="Incident filters"
      groups={groups}
      values={draft.filters}
      onValues={(filters) => setDraft({ ...draft, filters })}
      onSubmit={submit}
      onReset={() => {
        setDraft({ ...clearedIncidentState(draft), q: draft.q });
        owners.clear();
        setDateError("");
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {owners.fields(incidentFilterLabels)}
        <TextField
          label="Created from"
          type="date"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <TextField
          label="Created to"
          type="date"
          value={draft.to}
          error={dateError || undefined}
          onChange={(e) => {
            setDraft({ ...draft, to: e.target.value });
            setDateError("");
          }}
        />
      </div>
    </FilterForm>
  );
}
