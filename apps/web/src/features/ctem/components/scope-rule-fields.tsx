import { type CtemImpact, ctemImpacts } from "@watchfloor/shared";
import { SelectField, TextField } from "@/components/ui/field";

/** What a scope form edits besides its name and owner: the business impact and the asset rule. */
export interface ScopeRuleState {
  impact: CtemImpact;
  nameContains: string;
  department: string;
  internetOnly: boolean;
}

/** The rule as the API takes it: empty parts left out. */
export const ruleOf = (s: ScopeRuleState) => ({
  nameContains: s.nameContains.trim() || undefined,
  department: s.department.trim() || undefined,
  internetFacingOnly: s.internetOnly || undefined,
});

/** The server's problems with these fields, claimed from the dialog's errorOf. */
export const scopeRuleErrors = (errorOf: (...paths: string[]) => string | undefined) => ({
  impact: errorOf("businessImpact"),
  // A rule that matches nothing is the rule's problem: said on its first field.
  nameContains: errorOf("rule.nameContains", "rule.assetIds", "rule"),
  department: errorOf("rule.department"),
});

/** Business impact and the asset rule, shared by the create and edit scope dialogs. */
export function ScopeRuleFields({
  value,
  onChange,
  errors,
  named = 0,
}: {
  value: ScopeRuleState;
  onChange: (next: ScopeRuleState) => void;
  /** From the dialog's errorOf, taken while it builds its fields (scopeRuleErrors). */
  errors: ReturnType<typeof scopeRuleErrors>;
  /** Assets named through the API, which an edit here keeps. */
  named?: number;
}) {
  const set = (patch: Partial<ScopeRuleState>) => onChange({ ...value, ...patch });
  return (
    <>
      <SelectField
        label="Business impact"
        hint="Applies to assets that carry no business impact of their own."
        value={value.impact}
        onChange={(e) => set({ impact: e.target.value as CtemImpact })}
        error={errors.impact}
      >
        {ctemImpacts.map((i) => (
          <option key={i} value={i}>
            {i}
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
        <legend className="px-1 text-sm font-medium">Assets: every asset matching all of</legend>
        {named > 0 && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Also the {named} named asset{named === 1 ? "" : "s"}, kept as they are.
          </p>
        )}
        <TextField
          label="Name or key contains"
          maxLength={200}
          value={value.nameContains}
          onChange={(e) => set({ nameContains: e.target.value })}
          error={errors.nameContains}
        />
        <TextField
          label="Department"
          maxLength={200}
          value={value.department}
          onChange={(e) => set({ department: e.target.value })}
          error={errors.department}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={value.internetOnly} onChange={(e) => set({ internetOnly: e.target.checked })} />
          Internet-facing assets only
        </label>
      </fieldset>
    </>
  );
}
