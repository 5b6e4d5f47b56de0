import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { emptyFilters, enumOptions, filterLabels, type ListFilterKey, type ListState } from "../lib/list-params";
import { CheckboxGroup } from "@/components/ui/checkbox-group";

const enumKeys: ListFilterKey[] = ["status", "priority", "ackSla", "respondSla", "environment", "tactic"];
const textKeys: { key: ListFilterKey; hint: string }[] = [
  { key: "assignee", hint: "Names, comma-separated; “unassigned” for none" },
  { key: "technique", hint: "e.g. T1110, T1059.001" },
  { key: "detectionSource", hint: "e.g. EDR, SIEM" },
  { key: "sourceTool", hint: "e.g. Wazuh, Suricata" },
];

type Props = {
  state: ListState;
  tenants: { id: string; name: string }[];
  onApply: (next: ListState) => void;
};

/** Every filter, edited as a draft and applied at once (one history entry per change of mind). */
export function FilterPanel({ state, tenants, onApply }: Props) {
  const [draft, setDraft] = useState(state);
  const [texts, setTexts] = useState(
    () => Object.fromEntries(textKeys.map(({ key }) => [key, state.filters[key].join(", ")])) as Record<string, string>,
  );

  function toggle(key: ListFilterKey, value: string) {
    setDraft((d) => {
      const current = d.filters[key];
      const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
      return { ...d, filters: { ...d.filters, [key]: next } };
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const filters = { ...draft.filters };
    for (const { key } of textKeys)
      filters[key] = (texts[key] ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
    onApply({ ...draft, filters });
  }

  function reset() {
    setDraft({ ...draft, filters: emptyFilters(), from: "", to: "" });
    setTexts({});
  }

  const groups: [ListFilterKey, readonly { value: string; label: string }[]][] = [
    ...enumKeys.map(
      (k) =>
        [k, (enumOptions[k] ?? []).map((v) => ({ value: v, label: v }))] as [ListFilterKey, { value: string; label: string }[]],
    ),
  ];
  if (tenants.length > 1) groups.splice(2, 0, ["tenant", tenants.map((t) => ({ value: t.id, label: t.name }))]);

  return (
    <form onSubmit={submit} aria-label="Alert filters" className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {groups.map(([key, options]) => (
          <CheckboxGroup
            key={key}
            legend={filterLabels[key]}
            options={options}
            selected={draft.filters[key]}
            onToggle={(value) => toggle(key, value)}
            scroll={key === "tactic"}
          />
        ))}
      </div>
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
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        <Button variant="ghost" onClick={reset}>
          Clear all
        </Button>
        <Button type="submit">Apply filters</Button>
      </div>
    </form>
  );
}
