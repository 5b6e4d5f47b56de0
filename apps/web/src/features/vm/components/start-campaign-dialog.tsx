import type { VmFixGroup } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { SelectField, TenantSelectField, TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useAssignableMembers } from "@/lib/tenant-members";
import { useCreateCampaign } from "../api/vm";

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Starts a remediation campaign from a fix group: its open findings in one tenant, now. */
export function StartCampaignDialog({
  group,
  tenants,
  onClose,
}: {
  group: VmFixGroup;
  tenants: { id: string; name: string }[];
  onClose: () => void;
}) {
  const [, setParams] = useSearchParams();
  const [tenantId, setTenantId] = useState(tenants[0]?.id ?? "");
  const [name, setName] = useState(group.fix.length > 80 ? `${group.fix.slice(0, 79)}…` : group.fix);
  const [dueDate, setDueDate] = useState(inDays(30));
  const [owner, setOwner] = useState("");
  const members = useAssignableMembers(tenantId || null);
  const create = useCreateCampaign();
  const fields = create.error instanceof ApiRequestError ? create.error.fieldErrors() : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { tenantId, name, dueDate, fix: group.fix, ownerUserId: owner || null },
      {
        onSuccess: (campaign) => {
          onClose();
          setParams((p) => {
            const next = new URLSearchParams(p);
            next.set("campaign", campaign.id);
            return next;
          });
        },
      },
    );
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Start a remediation campaign" description={group.fix}>
      <form onSubmit={submit} className="space-y-4" data-testid="start-campaign-form">
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
        <TextField
          label="Due date"
          type="date"
          required
          value={dueDate}
          onChange={(e) => setDueDate(e.target.value)}
          error={fields.dueDate}
        />
        {members.query.isSuccess && (
          <SelectField label="Owner" value={owner} onChange={(e) => setOwner(e.target.value)} error={fields.ownerUserId}>
            <option value="">No owner</option>
            {members.candidates.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.displayName}
              </option>
            ))}
          </SelectField>
        )}
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The campaign holds this fix's open findings in the tenant now. Only later scans that no longer report them count as
          progress.
        </p>
        {create.isError && !Object.keys(fields).length && <Notice tone="error">{errorMessage(create.error)}</Notice>}
        {create.isError && fields.fix && <Notice tone="error">{fields.fix}</Notice>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Start campaign
          </Button>
        </div>
      </form>
    </Modal>
  );
}
