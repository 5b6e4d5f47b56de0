import type { CtemExposure } from "@watchfloor/shared";
import { useState } from "react";
import { OwnerField } from "@/components/triage/owner-field";
import { DateField, TextField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { dayInDays } from "@/lib/dates";
import { useCreateTask } from "../api/ctem";

/** The task picker lists the worst finding exposures only. */
const PICKABLE = 50;

/** A remediation task over findings of the scope, with an owner and a due date. */
export function CreateTaskDialog({
  scopeId,
  tenantId,
  exposures,
  onClose,
}: {
  scopeId: string;
  tenantId: string;
  exposures: CtemExposure[];
  onClose: () => void;
}) {
  const findings = exposures.filter((e) => e.findingId).slice(0, PICKABLE);
  const [title, setTitle] = useState("");
  const [owner, setOwner] = useState("");
  const [dueDate, setDueDate] = useState(dayInDays(30));
  const [chosen, setChosen] = useState<string[]>([]);
  const create = useCreateTask(scopeId);
  const toggle = (id: string, on: boolean) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  const submit = () => create.mutate({ title, ownerUserId: owner, dueDate, findingIds: chosen }, { onSuccess: onClose });

  return (
    <FormDialog
      title="Create a remediation task"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Create task"
      pending={create.isPending}
      error={create.error}
      testId="create-task-form"
      noValidate
    >
      {(errorOf) => {
        const findingsError = errorOf("findingIds");
        return (
          <>
            <TextField
              label="Title"
              required
              maxLength={200}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              error={errorOf("title")}
            />
            <OwnerField tenantId={tenantId} value={owner} onChange={setOwner} error={errorOf("ownerUserId")} required />
            <DateField label="Due date" required value={dueDate} onChange={setDueDate} error={errorOf("dueDate")} />
            <fieldset aria-describedby={findingsError ? "task-findings-error" : undefined}>
              <legend className="text-sm font-medium">Findings</legend>
              <div className="mt-2 max-h-56 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2 dark:border-slate-700">
                {findings.map((e) => (
                  <label key={e.key} className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="mt-1"
                      checked={chosen.includes(e.findingId ?? "")}
                      onChange={(ev) => toggle(e.findingId ?? "", ev.target.checked)}
                    />
                    <span>
                      <span className="tabular-nums font-medium">{e.score}</span> {e.title}{" "}
                      <span className="text-slate-600 dark:text-slate-400">({e.asset.name})</span>
                    </span>
                  </label>
                ))}
              </div>
              {findingsError && (
                <p id="task-findings-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
                  {findingsError}
                </p>
              )}
            </fieldset>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              A finding counts as done only when a later scan no longer reports it.
            </p>
          </>
        );
      }}
    </FormDialog>
  );
}
