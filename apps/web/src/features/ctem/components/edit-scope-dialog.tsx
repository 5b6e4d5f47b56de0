import { type CtemImpact, type CtemScope, ctemImpacts } from "@watchfloor/shared";
import { useState } from "react";
import { OwnerField } from "@/components/triage/owner-field";
import { SelectField, TextField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { useUpdateScope } from "../api/ctem";

/** Edits a scope's name, owner, business impact and asset rule; its tenant stays. */
export function EditScopeDialog({ scope, onClose }: { scope: CtemScope; onClose: () => void }) {
  const [name, setName] = useState(scope.name);
  const [owner, setOwner] = useState(scope.owner.id ?? "");
  const [impact, setImpact] = useState<CtemImpact>(scope.businessImpact);
  const [nameContains, setNameContains] = useState(scope.rule.nameContains ?? "");
  const [department, setDepartment] = useState(scope.rule.department ?? "");
  const [internetOnly, setInternetOnly] = useState(scope.rule.internetFacingOnly ?? false);
  const update = useUpdateScope(scope.id);
  const named = scope.rule.assetIds?.length ?? 0;

  const submit = () =>
    update.mutate(
      {
        name,
        // A scope whose owner left has none: sent only once one is chosen (or one is cleared).
        ownerUserId: owner || scope.owner.id ? owner : undefined,
        businessImpact: impact,
        rule: {
          // Named assets are chosen through the API; an edit here keeps them.
          assetIds: named ? scope.rule.assetIds : undefined,
          nameContains: nameContains.trim() || undefined,
          department: department.trim() || undefined,
          internetFacingOnly: internetOnly || undefined,
        },
      },
      { onSuccess: onClose },
    );

  return (
    <FormDialog
      title="Edit scope"
      description="A changed rule or business impact rescores the scope now; tasks and validations stay."
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Save scope"
      pending={update.isPending}
      error={update.error}
      testId="edit-scope-form"
      noValidate
    >
      {(errorOf) => (
        <>
          <TextField
            label="Name"
            required
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errorOf("name")}
          />
          <OwnerField
            tenantId={scope.tenantId}
            value={owner}
            onChange={setOwner}
            error={errorOf("ownerUserId")}
            current={scope.owner}
            required
          />
          <SelectField
            label="Business impact"
            hint="Applies to assets that carry no business impact of their own."
            value={impact}
            onChange={(e) => setImpact(e.target.value as CtemImpact)}
            error={errorOf("businessImpact")}
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
              value={nameContains}
              onChange={(e) => setNameContains(e.target.value)}
              error={errorOf("rule.nameContains", "rule.assetIds", "rule")}
            />
            <TextField
              label="Department"
              maxLength={200}
              value={department}
              onChange={(e) => setDepartment(e.target.value)}
              error={errorOf("rule.department")}
            />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={internetOnly} onChange={(e) => setInternetOnly(e.target.checked)} />
              Internet-facing assets only
            </label>
          </fieldset>
        </>
      )}
    </FormDialog>
  );
}
