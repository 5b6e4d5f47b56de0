import { type FindingStatusBody, manualCloseReasons } from "@watchfloor/shared";
import { useState } from "react";
import { SelectField, TextareaField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";

type CloseBody = Required<Pick<FindingStatusBody, "closeReason">> & { comment?: string };

/** Closing a finding needs a reason a person may give (the importer's "Fixed" is not one); a note is optional. */
export function CloseFindingDialog({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  busy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  onSubmit: (body: CloseBody) => void | Promise<void>;
  busy?: boolean;
}) {
  const [reason, setReason] = useState<CloseBody["closeReason"]>("Remediated");
  const [comment, setComment] = useState("");
  return (
    <FormDialog
      open={open}
      title={title}
      description={description}
      onClose={() => onOpenChange(false)}
      onSubmit={() => void onSubmit({ closeReason: reason, comment: comment.trim() || undefined })}
      submitLabel="Close finding(s)"
      pending={busy}
    >
      {() => (
        <>
          <SelectField
            label="Close reason"
            value={reason}
            onChange={(e) => setReason(e.target.value as CloseBody["closeReason"])}
            hint="Remediated reopens if a scan reports it again; Accepted Risk and False Positive stay closed."
          >
            {manualCloseReasons.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </SelectField>
          <TextareaField
            label="Note (optional)"
            rows={3}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            placeholder="e.g. Patched in the March maintenance window; verified by rescan."
          />
        </>
      )}
    </FormDialog>
  );
}
