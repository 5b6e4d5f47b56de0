import { type VmFixGroup, vmAcceptanceMaxDays } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { TenantSelectField, TextareaField, TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useAcceptRisk } from "../api/vm";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

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
  const [expires, setExpires] = useState(day(90));
  const accept = useAcceptRisk();
  const fields = accept.error instanceof ApiRequestError ? accept.error.fieldErrors() : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    // The end of the chosen day, UTC: the findings come back the morning after.
    accept.mutate({ tenantId, fix: group.fix, reason, expiresAt: `${expires}T23:59:59Z` }, { onSuccess: onClose });
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Accept the risk" description={group.fix}>
      <form onSubmit={submit} className="space-y-4" data-testid="accept-risk-form">
        {tenants.length > 1 && (
          <TenantSelectField
            label="Tenant"
            value={tenantId}
            onChange={(e) => setTenantId(e.target.value)}
            error={fields.tenantId}
            tenants={tenants}
          />
        )}
        <TextareaField
          label="Reason"
          required
          minLength={3}
          maxLength={2000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={fields.reason}
        />
        <TextField
          label="Accepted until"
          type="date"
          required
          min={day(1)}
          max={day(vmAcceptanceMaxDays - 1)}
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
          error={fields.expiresAt}
          hint={`At most ${vmAcceptanceMaxDays} days. The findings reopen after this day and you are notified.`}
        />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          This fix's {group.findings} open findings close as Accepted Risk with you as the approver, and count apart from the
          backlog.
        </p>
        {accept.isError && !Object.keys(fields).length && <Notice tone="error">{errorMessage(accept.error)}</Notice>}
        {fields.fix && <Notice tone="error">{fields.fix}</Notice>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={accept.isPending}>
            Accept risk
          </Button>
        </div>
      </form>
    </Modal>
  );
}
