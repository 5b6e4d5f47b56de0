import { type MdrChannel, type MdrEscalation, mdrChannels, type Priority, priorities } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Badge } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { FormTenantField, SelectField, TextField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { cell, rowClass, TableFrame } from "@/components/ui/table-frame";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useAcknowledgeEscalation, useEscalationSettings, useMdrEscalations, useRecordEscalation } from "../api/get-mdr";
import { muted } from "./mdr-parts";

type Tenant = { id: string; name: string };
const channelLabel: Record<MdrChannel, string> = { phone: "Phone", email: "Email", sms: "SMS", chat: "Chat", ticket: "Ticket" };

/** Records that the client was told; contact and channel default to the escalation matrix's for the priority. */
export function EscalationForm({ tenants }: { tenants: Tenant[] }) {
  const record = useRecordEscalation();
  const [tenantId, setTenantId] = useState(tenants[0]?.id ?? "");
  const settings = useEscalationSettings(tenantId || null);
  const [subject, setSubject] = useState("");
  const [priority, setPriority] = useState<Priority>("High");
  const [contactId, setContactId] = useState("");
  const [channel, setChannel] = useState("");
  const [note, setNote] = useState("");
  const [saved, setSaved] = useState(false);
  const errors = record.error instanceof ApiRequestError ? record.error.fieldErrors() : {};
  const matrix = settings.data?.matrix.find((m) => m.priority === priority);
  const matrixContact = settings.data?.contacts.find((c) => c.id === matrix?.contactId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    record.mutate(
      {
        tenantId,
        subject,
        priority,
        contactId: contactId || undefined,
        channel: (channel || undefined) as MdrChannel | undefined,
        note: note || null,
      },
      {
        onSuccess: () => {
          setSaved(true);
          setSubject("");
          setNote("");
        },
      },
    );
  };
  if (tenants.length === 0) return null;
  return (
    <Card title="Record an escalation">
      <form onSubmit={submit} className="grid gap-4 md:grid-cols-2" aria-label="Escalation">
        <FormTenantField label="Client" tenants={tenants} value={tenantId} onChange={setTenantId} />
        <TextField
          label="What the client was told about"
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          required
          maxLength={300}
          error={errors.subject}
        />
        <SelectField label="Priority" value={priority} onChange={(e) => setPriority(e.target.value as Priority)}>
          {priorities.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </SelectField>
        <SelectField
          label="Who was told"
          value={contactId}
          onChange={(e) => setContactId(e.target.value)}
          error={errors.contactId}
          hint={settings.isError ? errorMessage(settings.error) : undefined}
        >
          <option value="">{matrixContact ? `From the matrix: ${matrixContact.name}` : "Choose a contact"}</option>
          {settings.data?.contacts.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {c.role ? ` (${c.role})` : ""}
            </option>
          ))}
        </SelectField>
        <SelectField label="How" value={channel} onChange={(e) => setChannel(e.target.value)} error={errors.channel}>
          <option value="">{matrix ? `From the matrix: ${channelLabel[matrix.channel]}` : "Choose a channel"}</option>
          {mdrChannels.map((c) => (
            <option key={c} value={c}>
              {channelLabel[c]}
            </option>
          ))}
        </SelectField>
        <TextField label="Note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
        <div className="flex flex-wrap items-center gap-3 md:col-span-2">
          <Button type="submit" loading={record.isPending}>
            Record escalation
          </Button>
          {saved && <Notice tone="success">Escalation recorded.</Notice>}
          {record.isError && !Object.keys(errors).length && <Notice tone="error">{errorMessage(record.error)}</Notice>}
        </div>
      </form>
    </Card>
  );
}

function Acknowledge({ e, canWrite }: { e: MdrEscalation; canWrite: boolean }) {
  const ack = useAcknowledgeEscalation();
  const [by, setBy] = useState("");
  if (e.acknowledgedAt)
    return (
      <div>
        <Badge color="emerald">Acknowledged</Badge>
        <div className={muted}>
          {e.acknowledgedBy} · <Time iso={e.acknowledgedAt} mode="absolute" />
        </div>
      </div>
    );
  if (!canWrite) return <Badge color="amber">Waiting</Badge>;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        ack.mutate({ id: e.id, acknowledgedBy: by });
      }}
    >
      <div className="w-40">
        <TextField label="Acknowledged by" value={by} onChange={(ev) => setBy(ev.target.value)} required maxLength={120} />
      </div>
      <Button type="submit" size="sm" variant="secondary" loading={ack.isPending}>
        Acknowledge
      </Button>
      {ack.isError && <Notice tone="error">{errorMessage(ack.error)}</Notice>}
    </form>
  );
}

/** Escalations recorded, newest first: who was told, when, how, and the client's acknowledgement. */
export function EscalationList({ tenantName, writable }: { tenantName: (id: string) => string; writable: Set<string> }) {
  const list = useMdrEscalations();
  return (
    <Card title="Escalations">
      {list.isPending ? (
        <LoadingState label="Loading escalations" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title="No escalations recorded" />
      ) : (
        <TableFrame
          label="Escalations"
          caption="Escalations to clients: subject, priority, who was told, when and how, and the acknowledgement."
          headers={["Subject", "Client", "Priority", "Told", "Acknowledgement"]}
          testId="mdr-escalations"
          minWidth="min-w-[52rem]"
        >
          {list.data.items.map((e) => (
            <tr key={e.id} className={rowClass} data-testid="mdr-escalation">
              <th scope="row" className={`${cell} pl-5 text-left font-medium wrap-anywhere text-slate-900 dark:text-white`}>
                {e.subject}
                {e.note && <div className={`${muted} font-normal`}>{e.note}</div>}
              </th>
              <td className={cell}>{tenantName(e.tenantId)}</td>
              <td className={cell}>{e.priority}</td>
              <td className={cell}>
                {e.contactName} by {channelLabel[e.channel].toLowerCase()}
                <div className={muted}>
                  <Time iso={e.toldAt} mode="absolute" /> · recorded by {e.recordedBy}
                </div>
              </td>
              <td className={`${cell} pr-5`}>
                <Acknowledge e={e} canWrite={writable.has(e.tenantId)} />
              </td>
            </tr>
          ))}
        </TableFrame>
      )}
    </Card>
  );
}
