import { type Priority, priorities } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TenantSelectField, TextareaField, TextField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { EmptyState, Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useWritableTenants } from "@/lib/permissions";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { useCreateIncident } from "../api/incident-actions";
import { OwnerSelect } from "./owner-select";

/** New incident: tenant, title, priority, description and an optional owner. */
export function CreateIncidentForm({ onCreated }: { onCreated: (incidentId: string) => void }) {
  const tenants = useWritableTenants();
  const selected = useSelectedTenantId();
  const [tenantId, setTenantId] = useState(() => tenants.find((t) => t.id === selected)?.id ?? tenants[0]?.id ?? "");
  const [title, setTitle] = useState("");
  const [priority, setPriority] = useState<Priority>("Medium");
  const [description, setDescription] = useState("");
  const [owner, setOwner] = useState("");
  const create = useCreateIncident();
  const fieldErrors = create.error instanceof ApiRequestError ? create.error.fieldErrors() : {};

  if (tenants.length === 0)
    return (
      <EmptyState title="You cannot open incidents">
        Your role is read-only in every tenant. Ask an administrator for analyst access.
      </EmptyState>
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const detail = await create.mutateAsync({
        tenantId,
        title: title.trim(),
        priority,
        description: description.trim() || undefined,
        ownerUserId: owner || null,
      });
      onCreated(detail.incident.id);
    } catch {
      // shown below from create.error
    }
  }

  return (
    <Card className="max-w-2xl">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TenantSelectField
          label="Tenant"
          value={tenantId}
          onChange={(e) => setTenantId(e.target.value)}
          error={fieldErrors.tenantId}
          tenants={tenants}
        />
        <TextField
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          required
          maxLength={300}
          error={fieldErrors.title}
        />
        <SelectField
          label="Priority"
          value={priority}
          onChange={(e) => setPriority(e.target.value as Priority)}
          error={fieldErrors.priority}
        >
          {[...priorities].reverse().map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </SelectField>
        <TextareaField
          label="Description"
          rows={5}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="What happened, what is affected, what has been done so far."
        />
        {tenantId && <OwnerSelect key={tenantId} tenantId={tenantId} value={owner} onChange={setOwner} />}
        {create.isError && Object.keys(fieldErrors).length === 0 && <Notice tone="error">{errorMessage(create.error)}</Notice>}
        <div className="flex justify-end">
          <Button type="submit" loading={create.isPending} disabled={!title.trim()}>
            Create incident
          </Button>
        </div>
      </form>
    </Card>
  );
}
