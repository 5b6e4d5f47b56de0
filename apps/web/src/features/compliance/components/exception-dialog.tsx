import type { ComplianceResultItem } from "@watchfloor/shared";
import { useState } from "react";
import { DateField, SelectField, TextareaField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { dayInDays } from "@/lib/dates";
import { useCreateException } from "../api/exceptions";

type Scope = "resource" | "target" | "tenant";

/**
 * Accept a failing control: for this resource, this target, or every target of the tenant; with
 * a reason and an expiry at most a year away. The one who accepts is recorded as the approver.
 */
export function ExceptionDialog({
  result,
  open,
  onOpenChange,
}: {
  result: Pick<
    ComplianceResultItem,
    "tenantId" | "tool" | "controlId" | "title" | "targetKind" | "targetId" | "resourceId" | "targetName"
  >;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateException();
  const [scope, setScope] = useState<Scope>(result.resourceId ? "resource" : "target");
  const [reason, setReason] = useState("");
  const [expires, setExpires] = useState(dayInDays(90));

  const submit = () =>
    create.mutate(
      {
        tenantId: result.tenantId,
        tool: result.tool,
        controlId: result.controlId,
        targetKind: scope === "tenant" ? null : result.targetKind,
        targetId: scope === "tenant" ? null : result.targetId,
        resourceId: scope === "resource" ? result.resourceId : null,
        reason,
        // The end of the chosen day, in the person's time zone.
        expiresAt: new Date(`${expires}T23:59:59`).toISOString(),
      },
      { onSuccess: () => onOpenChange(false) },
    );

  return (
    <FormDialog
      open={open}
      title="Accept as exception"
      description={`${result.title} (${result.tool} ${result.controlId})`}
      onClose={() => onOpenChange(false)}
      onSubmit={submit}
      submitLabel="Accept exception"
      pending={create.isPending}
      error={create.error}
      testId="exception-form"
    >
      {(errorOf) => (
        <>
          <SelectField
            label="Applies to"
            value={scope}
            onChange={(e) => setScope(e.target.value as Scope)}
            error={errorOf("targetKind")}
          >
            {result.resourceId && <option value="resource">This resource ({result.resourceId.slice(0, 60)})</option>}
            <option value="target">
              This {result.targetKind === "host" ? "host" : "target"} ({result.targetName ?? result.targetId})
            </option>
            <option value="tenant">Every target of the tenant</option>
          </SelectField>
          <TextareaField
            label="Reason"
            hint="Why the risk is accepted: the compensating control, the ticket, the owner."
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={3}
            required
            minLength={10}
            maxLength={2000}
            error={errorOf("reason")}
          />
          <DateField
            label="Expires on"
            value={expires}
            min={dayInDays(1)}
            max={dayInDays(366)}
            onChange={setExpires}
            required
            error={errorOf("expiresAt")}
            hint="At most a year: the control comes back as failing on that day and you are told."
          />
        </>
      )}
    </FormDialog>
  );
}
