import type { ComplianceResultItem } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TextareaField, TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useCreateException } from "../api/exceptions";

type Scope = "resource" | "target" | "tenant";
const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

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
  const [expires, setExpires] = useState(day(Date.now() + 90 * DAY));
  const fields = create.error instanceof ApiRequestError ? create.error.fieldErrors() : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    await create
      .mutateAsync({
        tenantId: result.tenantId,
        tool: result.tool,
        controlId: result.controlId,
        targetKind: scope === "tenant" ? null : result.targetKind,
        targetId: scope === "tenant" ? null : result.targetId,
        resourceId: scope === "resource" ? result.resourceId : null,
        reason,
        // The end of the chosen day, in the person's time zone.
        expiresAt: new Date(`${expires}T23:59:59`).toISOString(),
      })
      .then(() => onOpenChange(false))
      .catch(() => undefined);
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Accept as exception"
      description={`${result.title} (${result.tool} ${result.controlId})`}
    >
      <form onSubmit={submit} className="space-y-4" data-testid="exception-form">
        <SelectField
          label="Applies to"
          value={scope}
          onChange={(e) => setScope(e.target.value as Scope)}
          error={fields.targetKind}
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
          error={fields.reason}
        />
        <TextField
          label="Expires on"
          type="date"
          value={expires}
          min={day(Date.now() + DAY)}
          max={day(Date.now() + 366 * DAY)}
          onChange={(e) => setExpires(e.target.value)}
          required
          error={fields.expiresAt}
          hint="At most a year: the control comes back as failing on that day and you are told."
        />
        {create.isError && Object.keys(fields).length === 0 && <Notice tone="error">{errorMessage(create.error)}</Notice>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Accept exception
          </Button>
        </div>
      </form>
    </Modal>
  );
}
