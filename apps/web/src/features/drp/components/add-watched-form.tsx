import { type Tenant, type WatchedAssetAdded, type WatchedKind, watchedKinds } from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TenantSelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useAddWatched } from "../api/watched-assets";

export const kindLabels: Record<WatchedKind, string> = {
  domain: "Domain",
  "email-domain": "E-mail domain",
  brand: "Brand name",
  executive: "Executive name",
};
const placeholders: Record<WatchedKind, string> = {
  domain: "example.com",
  "email-domain": "example.com",
  brand: "Example",
  executive: "Ada Lovelace",
};

const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? "" : "s"}`;

/** What the matching pass run on the add found (docs/drp.md, "Matching"). */
function matchSummary(added: WatchedAssetAdded): string {
  const m = added.match;
  const read = `${plural(m.knownHosts, "known domain")} and ${plural(m.alertsScanned, "alert")} of the last 30 days`;
  if (m.refused) return `Watching ${added.display}. Nothing was stored from ${read}: ${m.refused}.`;
  const found = m.created + m.updated === 0 ? "no finding" : `${plural(m.created, "new finding")}, ${m.updated} seen again`;
  return `Watching ${added.display}. Matched against ${read}: ${found}.`;
}

/** Adds a watched asset to one of the tenants where the user may change data. */
export function AddWatchedForm({ tenants }: { tenants: Tenant[] }) {
  const add = useAddWatched();
  const [tenantId, setTenantId] = useState(tenants[0]?.id ?? "");
  const [kind, setKind] = useState<WatchedKind>("domain");
  const [value, setValue] = useState("");
  const fields = add.error instanceof ApiRequestError ? add.error.fieldErrors() : {};

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    add.mutate({ tenantId, kind, value }, { onSuccess: () => setValue("") });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Watch an asset">
      {add.isError && !fields.value && <Notice tone="error">{errorMessage(add.error)}</Notice>}
      {add.isSuccess && <Notice tone="success">{matchSummary(add.data)}</Notice>}
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-end">
        {tenants.length > 1 ? (
          <TenantSelectField label="Tenant" value={tenantId} onChange={(e) => setTenantId(e.target.value)} tenants={tenants} />
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">For {tenants[0]?.name}</p>
        )}
        <SelectField label="Kind" value={kind} onChange={(e) => setKind(e.target.value as WatchedKind)}>
          {watchedKinds.map((k) => (
            <option key={k} value={k}>
              {kindLabels[k]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Value"
          value={value}
          placeholder={placeholders[kind]}
          error={fields.value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" loading={add.isPending} disabled={!value.trim() || !tenantId}>
          Watch
        </Button>
      </div>
    </form>
  );
}
