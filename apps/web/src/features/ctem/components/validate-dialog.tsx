import { type CtemExposure, type CtemValidationState, ctemValidationStates } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TextareaField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useValidateExposure } from "../api/ctem";

export const validationLabels: Record<CtemValidationState, string> = {
  validated: "Validated (exploitable)",
  not_exploitable: "Not exploitable",
  mitigated: "Mitigated (compensating control)",
};

/** Records what testing showed about one exposure, with the evidence; the score takes it in. */
export function ValidateDialog({ scopeId, exposure, onClose }: { scopeId: string; exposure: CtemExposure; onClose: () => void }) {
  const [state, setState] = useState<CtemValidationState>(exposure.validation?.state ?? "validated");
  const [evidence, setEvidence] = useState("");
  const validate = useValidateExposure(scopeId);
  const fields = validate.error instanceof ApiRequestError ? validate.error.fieldErrors() : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    validate.mutate({ exposureKey: exposure.key, state, evidence }, { onSuccess: onClose });
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Validate exposure" description={exposure.title}>
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="validate-form">
        <SelectField
          label="Result"
          value={state}
          onChange={(e) => setState(e.target.value as CtemValidationState)}
          error={fields.state}
        >
          {ctemValidationStates.map((s) => (
            <option key={s} value={s}>
              {validationLabels[s]}
            </option>
          ))}
        </SelectField>
        <TextareaField
          label="Evidence"
          required
          rows={4}
          maxLength={4000}
          hint="What was tested and what it showed, or the control that mitigates it."
          value={evidence}
          onChange={(e) => setEvidence(e.target.value)}
          error={fields.evidence}
        />
        {validate.isError && !Object.keys(fields).length && <Notice tone="error">{errorMessage(validate.error)}</Notice>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={validate.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
