import { type CtemExposure, type CtemValidationState, ctemValidationStates } from "@watchfloor/shared";
import { useState } from "react";
import { SelectField, TextareaField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
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
  const submit = () => validate.mutate({ exposureKey: exposure.key, state, evidence }, { onSuccess: onClose });

  return (
    <FormDialog
      title="Validate exposure"
      description={exposure.title}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Save"
      pending={validate.isPending}
      error={validate.error}
      testId="validate-form"
      noValidate
    >
      {(errorOf) => (
        <>
          <SelectField
            label="Result"
            value={state}
            onChange={(e) => setState(e.target.value as CtemValidationState)}
            error={errorOf("state")}
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
            error={errorOf("evidence")}
          />
        </>
      )}
    </FormDialog>
  );
}
