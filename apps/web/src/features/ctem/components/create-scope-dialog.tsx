import { useState } from "react";
import { OwnerField } from "@/components/triage/owner-field";
import { FormTenantField, TextField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { useCreateScope } from "../api/ctem";
import { ruleOf, ScopeRuleFields, type ScopeRuleState, scopeRuleErrors } from "./scope-rule-fields";

/** Creates a scope: a named group of one tenant's assets chosen by rule, with an owner. */
export function CreateScopeDialog({
  tenants,
  onClose,
  onCreated,
}: {
  tenants: { id: string; name: string }[];
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const [tenantId, setTenantId] = useState(tenants[0]?.id ?? "");
  const [name, setName] = useState("");
  const [owner, setOwner] = useState("");
  const [rule, setRule] = useState<ScopeRuleState>({ impact: "Medium", nameContains: "", department: "", internetOnly: false });
  const create = useCreateScope();

  const submit = () =>
    create.mutate(
      {
        tenantId,
        name,
        ownerUserId: owner,
        businessImpact: rule.impact,
        rule: ruleOf(rule),
      },
      { onSuccess: (scope) => onCreated(scope.id) },
    );

  return (
    <FormDialog
      title="Create a scope"
      description="A named group of assets whose exposures are discovered, scored and worked together."
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Create scope"
      pending={create.isPending}
      error={create.error}
      testId="create-scope-form"
      noValidate
    >
      {(errorOf) => (
        <>
          <FormTenantField tenants={tenants} value={tenantId} onChange={setTenantId} error={errorOf("tenantId")} />
          <TextField
            label="Name"
            required
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errorOf("name")}
          />
          <OwnerField tenantId={tenantId} value={owner} onChange={setOwner} error={errorOf("ownerUserId")} required />
          <ScopeRuleFields value={rule} onChange={setRule} errors={scopeRuleErrors(errorOf)} />
        </>
      )}
    </FormDialog>
  );
}
