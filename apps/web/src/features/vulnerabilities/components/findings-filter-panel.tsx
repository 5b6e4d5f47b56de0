import { useState } from "react";
import type { FilterPanelProps } from "@/components/triage/filter-toolbar";
import { FilterForm } from "@/components/triage/filter-form";
import { tenantGroup, valueOptions } from "@/components/triage/filter-values";
import { type TextListFilter, useTextListFilters } from "@/components/triage/text-list-fields";
import { SelectField, TextField } from "@/components/ui/field";
import {
  clearedFindingState,
  type FindingFlagKey,
  type FindingListKey,
  type FindingListState,
  findingEnumOptions,
  findingFilterLabels,
} from "../lib/list-params";

const enumKeys: FindingListKey[] = ["status", "priority", "businessImpact", "environment"];
const textFilters: TextListFilter<FindingListKey>[] = [
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
const scoreFields = [
  { key: "scoreMin", label: "Score from" },
  { key: "scoreMax", label: "Score to" },
] as const;

/** Every filter of the vulnerable-asset list in the kit's filter form, checked before it is applied. */
export function FindingsFilterPanel({ state, tenants, onApply }: FilterPanelProps<FindingListState>) {
  const [draft, setDraft] = useState(state);
  const texts = useTextListFilters(textFilters, state.lists);
  // EPSS is a probability in the URL and the API; people read and type it as a percentage.
  const [epss, setEpss] = useState(
    state.numbers.epssAbove ? String(Math.round(Number(state.numbers.epssAbove) * 10000) / 100) : "",
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit() {
    const problems: Record<string, string> = {};
    const lists = { ...draft.lists, ...texts.read() };
    const badCve = lists.cve.find((c) => !cvePattern.test(c));
    if (badCve) problems.cve = `“${badCve}” is not a CVE id (CVE-YYYY-NNNN).`;
    lists.cve = lists.cve.map((c) => c.toUpperCase());
    const { scoreMin, scoreMax } = draft.numbers;
    for (const { key } of scoreFields) {
      const value = draft.numbers[key];
      if (value && !(Number(value) >= 0 && Number(value) <= 10)) problems[key] = "Enter a score from 0 to 10.";
    }
    if (scoreMin && scoreMax && Number(scoreMin) > Number(scoreMax)) problems.scoreMax = "Must not be below “Score from”.";
    if (epss && !(Number(epss) >= 0 && Number(epss) <= 100)) problems.epssAbove = "Enter a percentage from 0 to 100.";
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const epssAbove = epss ? String(Math.round(Number(epss) * 100) / 10000) : "";
    onApply({ ...draft, lists, numbers: { ...draft.numbers, epssAbove } });
  }

  const groups = [
    ...enumKeys.map((key) => ({ key, legend: findingFilterLabels[key], options: valueOptions(findingEnumOptions[key]) })),
    ...tenantGroup<FindingListKey>("tenant", findingFilterLabels.tenant, tenants),
  ];

  return (
    <FilterForm
      label="Vulnerability filters"
      groups={groups}
      groupColumns="lg:grid-cols-5"
      values={draft.lists}
      onValues={(lists) => setDraft({ ...draft, lists })}
      onSubmit={submit}
      onReset={() => {
        setDraft(clearedFindingState(draft));
        texts.clear();
        setEpss("");
        setErrors({});
      }}
    >
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
        {scoreFields.map(({ key, label }) => (
          <TextField
            key={key}
            label={label}
            type="number"
            inputMode="decimal"
            min={0}
            max={10}
            step={0.1}
            value={draft.numbers[key]}
            error={errors[key]}
            onChange={(e) => setDraft({ ...draft, numbers: { ...draft.numbers, [key]: e.target.value } })}
          />
        ))}
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
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{texts.fields(findingFilterLabels, errors)}</div>
    </FilterForm>
  );
}
