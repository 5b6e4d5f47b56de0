import type { CtemTask } from "@watchfloor/shared";
import { useState } from "react";
import { OwnerField } from "@/components/triage/owner-field";
import { DateField, TextField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { useUpdateTask } from "../api/ctem";

/** Edits a task's title, owner and due date; its findings stay as chosen. */
export function EditTaskDialog({
  scopeId,
  tenantId,
  task,
  onClose,
}: {
  scopeId: string;
  tenantId: string;
  task: CtemTask;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(task.title);
  const [owner, setOwner] = useState(task.owner.id ?? "");
  const [dueDate, setDueDate] = useState(task.dueDate);
  const update = useUpdateTask(scopeId, task.id);
  const submit = () =>
    update.mutate({ title, ownerUserId: owner || task.owner.id ? owner : undefined, dueDate }, { onSuccess: onClose });

  return (
    <FormDialog
      title="Edit task"
      description={`Its ${task.total} finding${task.total === 1 ? "" : "s"} stay linked.`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Save task"
      pending={update.isPending}
      error={update.error}
      testId="edit-task-form"
      noValidate
    >
      {(errorOf) => (
        <>
          <TextField
            label="Title"
            required
            maxLength={200}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={errorOf("title")}
          />
          <OwnerField
            tenantId={tenantId}
            value={owner}
            onChange={setOwner}
            error={errorOf("ownerUserId")}
            current={task.owner}
            required
          />
          <DateField label="Due date" required value={dueDate} onChange={setDueDate} error={errorOf("dueDate")} />
        </>
      )}
    </FormDialog>
  );
}
