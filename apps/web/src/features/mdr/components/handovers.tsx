import type { MdrItemRef } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { FormTenantField, TextareaField, TextField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { alertPath, incidentPath } from "@/config/paths";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useCreateHandover, useMdrHandovers } from "../api/get-mdr";
import { muted } from "./mdr-parts";

type Tenant = { id: string; name: string };
const ids = (text: string, kind: MdrItemRef["kind"]): MdrItemRef[] =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((id) => ({ kind, id }));

/** The note for the next shift: what is open and what to watch, with the alerts and incidents it names. */
export function HandoverForm({ tenants }: { tenants: Tenant[] }) {
  const create = useCreateHandover();
  const [tenantId, setTenantId] = useState(tenants[0]?.id ?? "");
  const [shift, setShift] = useState("");
  const [openWork, setOpenWork] = useState("");
  const [watch, setWatch] = useState("");
  const [alerts, setAlerts] = useState("");
  const [incidents, setIncidents] = useState("");
  const [saved, setSaved] = useState(false);
  const errors = create.error instanceof ApiRequestError ? create.error.fieldErrors() : {};
  const itemError = Object.entries(errors).find(([path]) => path.startsWith("items"))?.[1];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    create.mutate(
      { tenantId, shift, openWork, watch, items: [...ids(alerts, "alert"), ...ids(incidents, "incident")] },
      {
        onSuccess: () => {
          setSaved(true);
          setShift("");
          setOpenWork("");
          setWatch("");
          setAlerts("");
          setIncidents("");
        },
      },
    );
  };
  if (tenants.length === 0) return null;
  return (
    <Card title="Write a handover note">
      <form onSubmit={submit} className="grid gap-4 md:grid-cols-2" aria-label="Handover note">
        <FormTenantField label="Client" tenants={tenants} value={tenantId} onChange={setTenantId} error={errors.tenantId} />
        <TextField
          label="Shift"
          value={shift}
          onChange={(e) => setShift(e.target.value)}
          required
          maxLength={120}
          placeholder="Night, 26 Nov"
          error={errors.shift}
        />
        <TextareaField
          label="What is open"
          value={openWork}
          onChange={(e) => setOpenWork(e.target.value)}
          required
          rows={3}
          maxLength={5000}
          error={errors.openWork}
        />
        <TextareaField
          label="What to watch"
          value={watch}
          onChange={(e) => setWatch(e.target.value)}
          rows={3}
          maxLength={5000}
          error={errors.watch}
        />
        <TextField
          label="Alert ids"
          hint="Separated by spaces or commas"
          value={alerts}
          onChange={(e) => setAlerts(e.target.value)}
          error={itemError}
        />
        <TextField
          label="Incident ids"
          hint="Separated by spaces or commas"
          value={incidents}
          onChange={(e) => setIncidents(e.target.value)}
        />
        <div className="flex flex-wrap items-center gap-3 md:col-span-2">
          <Button type="submit" loading={create.isPending}>
            Save handover
          </Button>
          {saved && <Notice tone="success">Handover saved.</Notice>}
          {create.isError && !Object.keys(errors).length && <Notice tone="error">{errorMessage(create.error)}</Notice>}
        </div>
      </form>
    </Card>
  );
}

/** Earlier notes, newest first, kept as history. */
export function HandoverHistory({ showTenant, tenantName }: { showTenant: boolean; tenantName: (id: string) => string }) {
  const handovers = useMdrHandovers();
  return (
    <Card title="Handover history">
      {handovers.isPending ? (
        <LoadingState label="Loading handovers" />
      ) : handovers.isError ? (
        <ErrorState error={handovers.error} onRetry={() => handovers.refetch()} />
      ) : handovers.data.items.length === 0 ? (
        <EmptyState title="No handover notes yet" />
      ) : (
        <ol className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="mdr-handovers">
          {handovers.data.items.map((h) => (
            <li key={h.id} className="space-y-2 py-3" data-testid="mdr-handover">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-medium text-slate-900 dark:text-white">
                  {h.shift}
                  {showTenant && <span className={`${muted} ml-2`}>{tenantName(h.tenantId)}</span>}
                </h3>
                <span className={muted}>
                  {h.authorName} · <Time iso={h.createdAt} mode="absolute" />
                </span>
              </div>
              <p className="text-sm whitespace-pre-wrap wrap-anywhere text-slate-800 dark:text-slate-200">{h.openWork}</p>
              {h.watch && (
                <p className="text-sm whitespace-pre-wrap wrap-anywhere text-slate-700 dark:text-slate-300">
                  <span className="font-medium">Watch: </span>
                  {h.watch}
                </p>
              )}
              {h.items.length > 0 && (
                <ul className="flex flex-wrap gap-2 text-sm">
                  {h.items.map((i) => (
                    <li key={`${i.kind} ${i.id}`}>
                      <Link
                        to={i.kind === "alert" ? alertPath(i.id) : incidentPath(i.id)}
                        className="font-medium wrap-anywhere text-sky-800 hover:underline dark:text-sky-300"
                      >
                        {i.label ?? i.id}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
