import { useState } from "react";
import { SelectField, TextareaField } from "./field";
import { FormDialog } from "./form-dialog";

export type Resolution = { resolutionType: "Manual" | "Automated"; closureNotes?: string };

/** Resolution type + closure notes, asked before closing one item or many. */
export function ResolutionDialog({
  open,
  onOpenChange,
  title,
  description,
  types,
  onSubmit,
  busy,
  submitLabel = "Close with resolution",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  types: readonly ("Manual" | "Automated")[];
  onSubmit: (resolution: Resolution) => void | Promise<void>;
  busy?: boolean;
  submitLabel?: string;
}) {
  const [type, setType] = useState<Resolution["resolutionType"]>("Manual");
  const [notes, setNotes] = useState("");
  return (
    <FormDialog
      open={open}
      title={title}
      description={description ?? "Record how this was resolved."}
      onClose={() => onOpenChange(false)}
      onSubmit={() => void onSubmit({ resolutionType: type, closureNotes: notes.trim() || undefined })}
      submitLabel={submitLabel}
      pending={busy}
    >
      {() => (
        <>
          <SelectField
            label="Resolution type"
            value={type}
            onChange={(e) => setType(e.target.value as Resolution["resolutionType"])}
          >
            {types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </SelectField>
          <TextareaField
            label="Closure notes"
            rows={4}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            placeholder="e.g. False positive: scheduled vulnerability scan from the approved scanner."
          />
        </>
      )}
    </FormDialog>
  );
}
