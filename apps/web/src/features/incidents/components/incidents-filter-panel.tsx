import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import {
  clearedIncidentState,
  type IncidentFilterKey,
  type IncidentListState,
  incidentEnumOptions,
  incidentFilterLabels,
} from "../lib/list-params";
import { CheckboxGroup } from "@/components/ui/checkbox-group";

type Props = {
  state: IncidentListState;
  tenants: { id: string; name: string }[];
  onApply: (next: IncidentListState) => void;
};

const splitList = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** Every filter of the incidents list, edited as a draft and applied at once (one history entry). */
export function IncidentsFilterPanel({ state, tenants, onApply }: Props) {
  const [draft, setDraft] = useState(state);
  const [owners, setOwners] = useState(state.filters.owner.join(", "));
  const [dateError, setDateError] = useState("");

  function toggle(key: IncidentFilterKey, value: string) {
    setDraft((d) => {
      const current = d.filters[key];
      const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
      return { ...d, filters: { ...d.filters, [key]: next } };
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // Days as "YYYY-MM-DD" compare as text.
    if (draft.from && draft.to && draft.from > draft.to) {
      setDateError("The end is before the start.");
      return;
    }
    onApply({ ...draft, filters: { ...draft.filters, owner: splitList(owners) } });
  }

  function reset() {
    const cleared = clearedIncidentState(draft);
    setDraft({ ...cleared, q: draft.q });
    setOwners("");
    setDateError("");
  }

  const groups: [IncidentFilterKey, { value: string; label: string }[]][] = [
    ["status", (incidentEnumOptions.status ?? []).map((v) => ({ value: v, label: v }))],
    ["priority", (incidentEnumOptions.priority ?? []).map((v) => ({ value: v, label: v }))],
  ];
  if (tenants.length > 1) groups.push(["tenant", tenants.map((t) => ({ value: t.id, label: t.name }))]);

  return (
    <form onSubmit={submit} aria-label="Incident filters" className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {groups.map(([key, options]) => (
          <CheckboxGroup
            key={key}
            legend={incidentFilterLabels[key]}
            options={options}
            selected={draft.filters[key]}
            onToggle={(value) => toggle(key, value)}
            scroll={key === "tenant"}
          />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextField
          label={incidentFilterLabels.owner}
          hint="Names, comma-separated; “unassigned” for none"
          value={owners}
          onChange={(e) => setOwners(e.target.value)}
        />
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
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        <Button variant="ghost" onClick={reset}>
          Clear all
        </Button>
        <Button type="submit">Apply filters</Button>
      </div>
    </form>
  );
}
