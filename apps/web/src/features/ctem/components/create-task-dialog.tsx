import type { CtemExposure } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useCreateTask } from "../api/ctem";
import { OwnerField } from "./owner-field";

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
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
  const [dueDate, setDueDate] = useState(inDays(30));
  const [chosen, setChosen] = useState<string[]>([]);
  const create = useCreateTask(scopeId);
  const fields = create.error instanceof ApiRequestError ? create.error.fieldErrors() : {};
  const toggle = (id: string, on: boolean) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ title, ownerUserId: owner, dueDate, findingIds: chosen }, { onSuccess: onClose });
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Create a remediation task">
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="create-task-form">
        <TextField
          label="Title"
          required
          maxLength={200}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={fields.title}
        />
        <OwnerField tenantId={tenantId} value={owner} onChange={setOwner} error={fields.ownerUserId} />
        <TextField
          label="Due date"
          type="date"
          required
          value={dueDate}
          onChange={(e) => setDueDate(e.target.value)}
          error={fields.dueDate}
        />
        <fieldset aria-describedby={fields.findingIds ? "task-findings-error" : undefined}>
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
          {fields.findingIds && (
            <p id="task-findings-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
              {fields.findingIds}
            </p>
          )}
        </fieldset>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A finding counts as done only when a later scan no longer reports it.
        </p>
        {create.isError && !Object.keys(fields).length && <Notice tone="error">{errorMessage(create.error)}</Notice>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create task
          </Button>
        </div>
      </form>
    </Modal>
  );
}
