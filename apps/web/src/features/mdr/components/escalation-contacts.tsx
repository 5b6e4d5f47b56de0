import { type MdrChannel, type MdrMatrixRow, mdrChannels, priorities } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TenantSelectField, TextField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useAddContact, useEscalationSettings, useRemoveContact, useSetMatrix } from "../api/get-mdr";
import { muted } from "./mdr-parts";

type Tenant = { id: string; name: string };

function AddContact({ tenantId }: { tenantId: string }) {
  const add = useAddContact();
  const [form, setForm] = useState({ name: "", role: "", email: "", phone: "" });
  const errors = add.error instanceof ApiRequestError ? add.error.fieldErrors() : {};
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { tenantId, name: form.name, role: form.role || null, email: form.email || null, phone: form.phone || null },
      { onSuccess: () => setForm({ name: "", role: "", email: "", phone: "" }) },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label="New contact">
      <TextField label="Name" required maxLength={120} error={errors.name} {...field("name")} />
      <TextField label="Role" maxLength={120} {...field("role")} />
      <TextField label="Email" type="email" maxLength={254} error={errors.email} {...field("email")} />
      <TextField label="Phone" maxLength={40} error={errors.phone} {...field("phone")} />
      <div className="flex items-center gap-3 sm:col-span-2">
        <Button type="submit" variant="secondary" loading={add.isPending}>
          Add contact
        </Button>
        {add.isError && !Object.keys(errors).length && <Notice tone="error">{errorMessage(add.error)}</Notice>}
      </div>
    </form>
  );
}

function Matrix({
  tenantId,
  rows,
  contacts,
}: {
  tenantId: string;
  rows: MdrMatrixRow[];
  contacts: { id: string; name: string }[];
}) {
  const save = useSetMatrix();
  const [draft, setDraft] = useState<Record<string, { contactId: string; channel: MdrChannel }>>(() =>
    Object.fromEntries(rows.map((r) => [r.priority, { contactId: r.contactId, channel: r.channel }])),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      tenantId,
      rows: priorities.flatMap((priority) => {
        const row = draft[priority];
        return row?.contactId ? [{ priority, contactId: row.contactId, channel: row.channel }] : [];
      }),
    });
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Escalation matrix">
      {priorities.map((priority) => {
        const row = draft[priority] ?? { contactId: "", channel: "phone" as MdrChannel };
        const set = (next: Partial<typeof row>) => setDraft({ ...draft, [priority]: { ...row, ...next } });
        return (
          <fieldset key={priority} className="grid gap-3 sm:grid-cols-[6rem_1fr_1fr] sm:items-end">
            <legend className="sr-only">{priority}</legend>
            <span className="text-sm font-medium text-slate-800 sm:pb-2 dark:text-slate-200">{priority}</span>
            <SelectField
              label={`${priority}: contact`}
              value={row.contactId}
              onChange={(e) => set({ contactId: e.target.value })}
            >
              <option value="">Nobody</option>
              {contacts.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={`${priority}: channel`}
              value={row.channel}
              onChange={(e) => set({ channel: e.target.value as MdrChannel })}
            >
              {mdrChannels.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </SelectField>
          </fieldset>
        );
      })}
      <div className="flex items-center gap-3">
        <Button type="submit" variant="secondary" loading={save.isPending}>
          Save matrix
        </Button>
        {save.isSuccess && <Notice tone="success">Matrix saved.</Notice>}
        {save.isError && <Notice tone="error">{errorMessage(save.error)}</Notice>}
      </div>
    </form>
  );
}

/** The client's contacts and escalation matrix (owners and admins: members.manage). */
export function EscalationContacts({ tenants }: { tenants: Tenant[] }) {
  const [tenantId, setTenantId] = useState(tenants[0]?.id ?? "");
  const settings = useEscalationSettings(tenantId || null);
  const remove = useRemoveContact();
  if (tenants.length === 0) return null;
  return (
    <Card title="Client contacts and escalation matrix">
      <div className="space-y-5">
        {tenants.length > 1 && (
          <div className="max-w-xs">
            <TenantSelectField label="Client" value={tenantId} onChange={(e) => setTenantId(e.target.value)} tenants={tenants} />
          </div>
        )}
        {settings.isPending ? (
          <LoadingState label="Loading contacts" />
        ) : settings.isError ? (
          <ErrorState error={settings.error} onRetry={() => settings.refetch()} />
        ) : (
          <>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="mdr-contacts">
              {settings.data.contacts.length === 0 && <li className={`${muted} py-2`}>No contacts yet.</li>}
              {settings.data.contacts.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <span className="font-medium text-slate-900 dark:text-white">{c.name}</span>
                    {c.role && <span className={`${muted} ml-2`}>{c.role}</span>}
                    <div className={`${muted} wrap-anywhere`}>{[c.email, c.phone].filter(Boolean).join(" · ")}</div>
                  </div>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => remove.mutate(c.id)}
                    loading={remove.isPending && remove.variables === c.id}
                  >
                    Remove<span className="sr-only"> {c.name}</span>
                  </Button>
                </li>
              ))}
            </ul>
            <AddContact tenantId={tenantId} />
            <Matrix key={tenantId} tenantId={tenantId} rows={settings.data.matrix} contacts={settings.data.contacts} />
          </>
        )}
      </div>
    </Card>
  );
}
