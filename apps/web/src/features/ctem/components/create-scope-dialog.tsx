import { type CtemImpact, ctemImpacts } from "@watchfloor/shared";
import { useState } from "react";
import { OwnerField } from "@/components/triage/owner-field";
import { FormTenantField, SelectField, TextField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { useCreateScope } from "../api/ctem";

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
  const [impact, setImpact] = useState<CtemImpact>("Medium");
  const [nameContains, setNameContains] = useState("");
  const [department, setDepartment] = useState("");
  const [internetOnly, setInternetOnly] = useState(false);
  const create = useCreateScope();

  const submit = () =>
    create.mutate(
      {
        tenantId,
        name,
        ownerUserId: owner,
        businessImpact: impact,
        rule: {
          nameContains: nameContains.trim() || undefined,
          department: department.trim() || undefined,
          internetFacingOnly: internetOnly || undefined,
        },
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
            <TextField
              label="Name or key contains"
              maxLength={200}
              value={nameContains}
              onChange={(e) => setNameContains(e.target.value)}
              // A rule that matches nothing is the rule's problem: said on its first field.
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
