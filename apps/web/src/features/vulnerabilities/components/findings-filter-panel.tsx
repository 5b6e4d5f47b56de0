import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import {
  clearedFindingState,
  type FindingFlagKey,
  type FindingListKey,
  type FindingListState,
  findingEnumOptions,
  findingFilterLabels,
} from "../lib/list-params";
import { CheckboxGroup } from "@/components/ui/checkbox-group";

const enumKeys: FindingListKey[] = ["status", "priority", "businessImpact", "environment"];
const textKeys: { key: FindingListKey; hint: string }[] = [
  { key: "scanner", hint: "e.g. nessus, openvas, trivy" },
  { key: "department", hint: "Comma-separated" },
  { key: "assignee", hint: "Names, comma-separated; “unassigned” for none" },
  { key: "cve", hint: "e.g. CVE-2021-44228" },
];
const flagOptions: Record<FindingFlagKey, [string, string][]> = {
  kev: [
    ["", "Any"],
    ["true", "In the KEV catalog"],
    ["false", "Not in KEV"],
  ],
  overdue: [
    ["", "Any"],
    ["true", "Overdue"],
    ["false", "Not overdue"],
  ],
};
const cvePattern = /^CVE-\d{4}-\d{4,}$/i;
const splitList = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

type Props = {
  state: FindingListState;
  tenants: { id: string; name: string }[];
  onApply: (next: FindingListState) => void;
};

/** Every filter of the vulnerable-asset list, edited as a draft and applied at once. */
export function FindingsFilterPanel({ state, tenants, onApply }: Props) {
  const [draft, setDraft] = useState(state);
  const [texts, setTexts] = useState(
    () => Object.fromEntries(textKeys.map(({ key }) => [key, state.lists[key].join(", ")])) as Record<string, string>,
  );
  // EPSS is a probability in the URL and the API; people read and type it as a percentage.
  const [epss, setEpss] = useState(
    state.numbers.epssAbove ? String(Math.round(Number(state.numbers.epssAbove) * 10000) / 100) : "",
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  function toggle(key: FindingListKey, value: string) {
    setDraft((d) => {
      const current = d.lists[key];
      const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
      return { ...d, lists: { ...d.lists, [key]: next } };
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const lists = { ...draft.lists };
    for (const { key } of textKeys) lists[key] = splitList(texts[key] ?? "");
    const badCve = lists.cve.find((c) => !cvePattern.test(c));
    if (badCve) problems.cve = `“${badCve}” is not a CVE id (CVE-YYYY-NNNN).`;
    lists.cve = lists.cve.map((c) => c.toUpperCase());
    const { scoreMin, scoreMax } = draft.numbers;
    for (const [key, value] of [
      ["scoreMin", scoreMin],
      ["scoreMax", scoreMax],
    ] as const) {
      if (value && !(Number(value) >= 0 && Number(value) <= 10)) problems[key] = "Enter a score from 0 to 10.";
    }
    if (scoreMin && scoreMax && Number(scoreMin) > Number(scoreMax)) problems.scoreMax = "Must not be below “Score from”.";
    if (epss && !(Number(epss) >= 0 && Number(epss) <= 100)) problems.epssAbove = "Enter a percentage from 0 to 100.";
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const epssAbove = epss ? String(Math.round(Number(epss) * 100) / 10000) : "";
    onApply({ ...draft, lists, numbers: { ...draft.numbers, epssAbove } });
  }

  function reset() {
    setDraft(clearedFindingState(draft));
    setTexts({});
    setEpss("");
    setErrors({});
  }

  const groups: [FindingListKey, { value: string; label: string }[]][] = enumKeys.map((k) => [
    k,
    (findingEnumOptions[k] ?? []).map((v) => ({ value: v, label: v })),
  ]);
  if (tenants.length > 1) groups.push(["tenant", tenants.map((t) => ({ value: t.id, label: t.name }))]);
  const setNumber = (key: "scoreMin" | "scoreMax", value: string) =>
    setDraft({ ...draft, numbers: { ...draft.numbers, [key]: value } });

  return (
    <form onSubmit={submit} aria-label="Vulnerability filters" className="space-y-5" noValidate>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-5">
        {groups.map(([key, options]) => (
          <CheckboxGroup
            key={key}
            legend={findingFilterLabels[key]}
            options={options}
            selected={draft.lists[key]}
            onToggle={(value) => toggle(key, value)}
            scroll={key === "tenant"}
          />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {(Object.keys(flagOptions) as FindingFlagKey[]).map((key) => (
          <SelectField
            key={key}
            label={findingFilterLabels[key]}
            value={draft.flags[key]}
            onChange={(e) => setDraft({ ...draft, flags: { ...draft.flags, [key]: e.target.value as "" | "true" | "false" } })}
          >
            {flagOptions[key].map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        ))}
        <TextField
          label="Score from"
          type="number"
          inputMode="decimal"
          min={0}
          max={10}
          step={0.1}
          value={draft.numbers.scoreMin}
          error={errors.scoreMin}
          onChange={(e) => setNumber("scoreMin", e.target.value)}
        />
        <TextField
          label="Score to"
          type="number"
          inputMode="decimal"
          min={0}
          max={10}
          step={0.1}
          value={draft.numbers.scoreMax}
          error={errors.scoreMax}
          onChange={(e) => setNumber("scoreMax", e.target.value)}
        />
        <TextField
          label="EPSS above (%)"
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.1}
          hint="Probability of exploitation in 30 days"
          value={epss}
          error={errors.epssAbove}
          onChange={(e) => setEpss(e.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {textKeys.map(({ key, hint }) => (
          <TextField
            key={key}
            label={findingFilterLabels[key]}
            hint={hint}
            value={texts[key] ?? ""}
            error={errors[key]}
            onChange={(e) => setTexts((t) => ({ ...t, [key]: e.target.value }))}
          />
        ))}
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
