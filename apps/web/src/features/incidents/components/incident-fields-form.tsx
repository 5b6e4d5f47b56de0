import { type Priority, priorities } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useUpdateIncident } from "../api/incident-actions";
import type { IncidentDetail } from "../api/get-incident";
import { OwnerSelect } from "./owner-select";

/** Editable fields: title, priority, owner, root cause, ticket id. Only changed fields are sent. */
export function IncidentFieldsForm({ incident, readOnly }: { incident: IncidentDetail["incident"]; readOnly: boolean }) {
  const update = useUpdateIncident(incident.id);
  const [title, setTitle] = useState(incident.title);
  const [priority, setPriority] = useState<Priority>(incident.priority);
  const [owner, setOwner] = useState(incident.ownerUserId ?? "");
  const [rootCause, setRootCause] = useState(incident.rootCause ?? "");
  const [ticketId, setTicketId] = useState(incident.ticketId ?? "");
  const [saved, setSaved] = useState(false);
  const errors = update.error instanceof ApiRequestError ? update.error.fieldErrors() : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const body = {
      ...(title.trim() !== incident.title ? { title: title.trim() } : {}),
      ...(priority !== incident.priority ? { priority } : {}),
      ...((owner || null) !== incident.ownerUserId ? { ownerUserId: owner || null } : {}),
      ...(rootCause.trim() !== (incident.rootCause ?? "") ? { rootCause: rootCause.trim() } : {}),
      ...(ticketId.trim() !== (incident.ticketId ?? "") ? { ticketId: ticketId.trim() } : {}),
    };
    if (Object.keys(body).length === 0) return;
    await update.mutateAsync(body).then(
      () => setSaved(true),
      () => undefined,
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          disabled={readOnly}
          error={errors.title}
        />
      </div>
      <SelectField
        label="Priority"
        value={priority}
        onChange={(e) => setPriority(e.target.value as Priority)}
        disabled={readOnly}
      >
        {[...priorities].reverse().map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </SelectField>
      <OwnerSelect
        tenantId={incident.tenantId}
        value={owner}
        currentName={incident.ownerName}
        onChange={setOwner}
        label="Owner"
        disabled={readOnly}
      />
      <TextField
        label="Root cause"
        value={rootCause}
        onChange={(e) => setRootCause(e.target.value)}
        disabled={readOnly}
        error={errors.rootCause}
      />
      <TextField
        label="Ticket id"
        value={ticketId}
        onChange={(e) => setTicketId(e.target.value)}
        disabled={readOnly}
        error={errors.ticketId}
      />
      {!readOnly && (
        <div className="flex items-center justify-end gap-3 sm:col-span-2">
          {saved && (
            <span role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
              Saved.
            </span>
          )}
          <Button type="submit" size="sm" loading={update.isPending}>
            Save changes
          </Button>
        </div>
      )}
      {update.isError && Object.keys(errors).length === 0 && (
        <div className="sm:col-span-2">
          <Notice tone="error">{errorMessage(update.error)}</Notice>
        </div>
      )}
    </form>
  );
}
