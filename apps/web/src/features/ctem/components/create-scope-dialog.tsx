import { type CtemImpact, ctemImpacts } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TenantSelectField, TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useCreateScope } from "../api/ctem";
import { OwnerField } from "./owner-field";

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
  const fields = create.error instanceof ApiRequestError ? create.error.fieldErrors() : {};
  const ruleError = fields["rule.assetIds"] ?? fields.rule;

  function submit(event: FormEvent) {
    event.preventDefault();
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
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Create a scope"
      description="A named group of assets whose exposures are discovered, scored and worked together."
    >
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="create-scope-form">
        {tenants.length > 1 && (
          <TenantSelectField
            label="Tenant"
            value={tenantId}
            onChange={(e) => setTenantId(e.target.value)}
            error={fields.tenantId}
            tenants={tenants}
          />
        )}
        <TextField
          label="Name"
          required
          maxLength={200}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fields.name}
        />
        <OwnerField tenantId={tenantId} value={owner} onChange={setOwner} error={fields.ownerUserId} />
        <SelectField
          label="Business impact"
          hint="Applies to assets that carry no business impact of their own."
          value={impact}
          onChange={(e) => setImpact(e.target.value as CtemImpact)}
          error={fields.businessImpact}
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
            error={fields["rule.nameContains"] ?? ruleError}
          />
          <TextField
            label="Department"
            maxLength={200}
            value={department}
            onChange={(e) => setDepartment(e.target.value)}
            error={fields["rule.department"]}
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={internetOnly} onChange={(e) => setInternetOnly(e.target.checked)} />
            Internet-facing assets only
          </label>
        </fieldset>
        {create.isError && !Object.keys(fields).length && <Notice tone="error">{errorMessage(create.error)}</Notice>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create scope
          </Button>
        </div>
      </form>
    </Modal>
  );
}
