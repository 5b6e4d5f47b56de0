import { type VmFixGroup, vmAcceptanceMaxDays } from "@watchfloor/shared";
import { useState } from "react";
import { DateField, FormTenantField, TextareaField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { dayInDays } from "@/lib/dates";
import { useAcceptRisk } from "../api/vm";
import { FixProblem } from "./fix-problem";

/** Accepts a fix group's open findings in one tenant with a reason and an expiry; the acceptor approves. */
export function AcceptRiskDialog({
  group,
  tenants,
  onClose,
}: {
  group: VmFixGroup;
  tenants: { id: string; name: string }[];
  onClose: () => void;
}) {
  const [tenantId, setTenantId] = useState(tenants[0]?.id ?? "");
  const [reason, setReason] = useState("");
  const [expires, setExpires] = useState(dayInDays(90));
  const accept = useAcceptRisk();

  // The end of the chosen day, UTC: the findings come back the morning after.
  const submit = () =>
    accept.mutate({ tenantId, fix: group.fix, reason, expiresAt: `${expires}T23:59:59Z` }, { onSuccess: onClose });

  return (
    <FormDialog
      title="Accept the risk"
      description={group.fix}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Accept risk"
      pending={accept.isPending}
      error={accept.error}
      testId="accept-risk-form"
    >
      {(errorOf) => (
        <>
          <FormTenantField tenants={tenants} value={tenantId} onChange={setTenantId} error={errorOf("tenantId")} />
          <TextareaField
            label="Reason"
            required
            minLength={3}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={errorOf("reason")}
          />
          <DateField
            label="Accepted until"
            required
            min={dayInDays(1)}
            max={dayInDays(vmAcceptanceMaxDays - 1)}
            value={expires}
            onChange={setExpires}
            error={errorOf("expiresAt")}
            hint={`At most ${vmAcceptanceMaxDays} days. The findings reopen after this day and you are notified.`}
          />
          <p className="text-sm text-slate-600 dark:text-slate-400">
            This fix's {group.findings} open findings close as Accepted Risk with you as the approver, and count apart from the
            backlog.
          </p>
          <FixProblem message={errorOf("fix")} />
        </>
      )}
    </FormDialog>
  );
}
