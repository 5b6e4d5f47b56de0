import type { VmFixGroup } from "@watchfloor/shared";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { OwnerField } from "@/components/triage/owner-field";
import { DateField, FormTenantField, TextField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { dayInDays } from "@/lib/dates";
import { useCreateCampaign } from "../api/vm";
import { FixProblem } from "./fix-problem";

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
  const [dueDate, setDueDate] = useState(dayInDays(30));
  const [owner, setOwner] = useState("");
  const create = useCreateCampaign();

  const submit = () =>
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

  return (
    <FormDialog
      title="Start a remediation campaign"
      description={group.fix}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Start campaign"
      pending={create.isPending}
      error={create.error}
      testId="start-campaign-form"
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
          <DateField label="Due date" required value={dueDate} onChange={setDueDate} error={errorOf("dueDate")} />
          <OwnerField tenantId={tenantId} value={owner} onChange={setOwner} error={errorOf("ownerUserId")} />
          <p className="text-sm text-slate-600 dark:text-slate-400">
            The campaign holds this fix's open findings in the tenant now. Only later scans that no longer report them count as
            progress.
          </p>
          <FixProblem message={errorOf("fix")} />
        </>
      )}
    </FormDialog>
  );
}
