import type { CtemScope } from "@watchfloor/shared";
import { useState } from "react";
import { OwnerField } from "@/components/triage/owner-field";
import { TextField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { useUpdateScope } from "../api/ctem";
import { ruleOf, ScopeRuleFields, type ScopeRuleState, scopeRuleErrors } from "./scope-rule-fields";

/** Edits a scope's name, owner, business impact and asset rule; its tenant stays. */
export function EditScopeDialog({ scope, onClose }: { scope: CtemScope; onClose: () => void }) {
  const [name, setName] = useState(scope.name);
  const [owner, setOwner] = useState(scope.owner.id ?? "");
  const [rule, setRule] = useState<ScopeRuleState>({
    impact: scope.businessImpact,
    nameContains: scope.rule.nameContains ?? "",
    department: scope.rule.department ?? "",
    internetOnly: scope.rule.internetFacingOnly ?? false,
  });
  const update = useUpdateScope(scope.id);
  const named = scope.rule.assetIds?.length ?? 0;

  const submit = () =>
    update.mutate(
      {
        name,
        // A scope whose owner left has none: sent only once one is chosen (or one is cleared).
        ownerUserId: owner || scope.owner.id ? owner : undefined,
        businessImpact: rule.impact,
        // Named assets are chosen through the API; an edit here keeps them.
        rule: { assetIds: named ? scope.rule.assetIds : undefined, ...ruleOf(rule) },
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
          <ScopeRuleFields value={rule} onChange={setRule} errors={scopeRuleErrors(errorOf)} named={named} />
        </>
      )}
    </FormDialog>
  );
}
