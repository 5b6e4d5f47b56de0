import { type Priority, priorities, roleCan, type Tenant } from "@watchfloor/shared";
import { Save } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { type RemediationSlaItem, useRemediationSla, useSaveRemediationSla } from "../api/remediation-sla";

const severities = [...priorities].reverse() as Priority[];
// Tenant, four severities, Save: one row per tenant when the card is wide enough; two columns of inputs below.
const rowGrid = "grid-cols-2 gap-x-4 @3xl:grid-cols-[minmax(8rem,1fr)_repeat(4,7rem)_5.5rem]";
const inputClass =
  "h-9 w-16 rounded-md border border-slate-300 bg-white px-2 text-right text-sm tabular-nums text-slate-900 focus:border-sky-600 focus:ring-2 focus:ring-sky-600/30 focus:outline-none disabled:bg-slate-100 disabled:text-slate-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800 dark:disabled:text-slate-300";

/**
 * Remediation SLA: days to fix an open finding, per tenant and severity. Owners edit their
 * tenants; admins see them. Saving moves the due dates of the tenant's open findings.
 */
export function RemediationSlaTab({ tenants }: { tenants: Tenant[] }) {
  const sla = useRemediationSla();
  if (sla.isPending) return <LoadingState label="Loading remediation SLA" />;
  if (sla.isError) return <ErrorState error={sla.error} onRetry={() => sla.refetch()} />;
  const shown = tenants.filter((t) => sla.data.items.some((i) => i.tenantId === t.id));
  if (shown.length === 0)
    return <EmptyState title="No tenant in scope">Pick a tenant you manage in the tenant picker.</EmptyState>;
  const { defaults } = sla.data;
  return (
    <div className="space-y-4">
      <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-400">
        A finding is due this many days after a scanner first reported it, and overdue after that: its assignee and the tenant's
        owners and admins are notified once. Defaults: {severities.map((s) => `${s} ${defaults[s]}`).join(", ")} days.
      </p>
      <Card className="@container">
        <div
          className={`${rowGrid} hidden border-b border-slate-200 pb-2 text-xs font-semibold text-slate-600 uppercase @3xl:grid dark:border-slate-800 dark:text-slate-400`}
        >
          <span>Tenant</span>
          {severities.map((s) => (
            <span key={s}>{s}</span>
          ))}
          <span className="sr-only">Save</span>
        </div>
        <div className="divide-y divide-slate-100 dark:divide-slate-800">
          {shown.map((tenant) => (
            <TenantSla
              key={tenant.id}
              tenant={tenant}
              items={sla.data.items.filter((i) => i.tenantId === tenant.id)}
              canEdit={roleCan(tenant.role, "tenant.manage")}
            />
          ))}
        </div>
      </Card>
    </div>
  );
}

function TenantSla({ tenant, items, canEdit }: { tenant: Tenant; items: RemediationSlaItem[]; canEdit: boolean }) {
  const save = useSaveRemediationSla();
  const initial = Object.fromEntries(items.map((i) => [i.priority, String(i.days)])) as Record<Priority, string>;
  const [days, setDays] = useState(initial);
  const [saved, setSaved] = useState<number | null>(null);
  const fieldErrors = save.error instanceof ApiRequestError ? save.error.fieldErrors() : {};
  const changed = severities.filter((s) => days[s] !== initial[s]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    const policies = changed.map((priority) => ({ priority, days: Number(days[priority]) }));
    const result = await save.mutateAsync({ tenantId: tenant.id, policies }).catch(() => null);
    if (result) setSaved(result.recomputed);
  }

  return (
    <form onSubmit={submit} aria-label={`Remediation SLA of ${tenant.name}`} className="space-y-2 py-3">
      <div className={`${rowGrid} grid items-start gap-y-3`}>
        <div className="col-span-2 pt-2 @3xl:col-span-1">
          <p className="font-medium text-slate-900 dark:text-white">{tenant.name}</p>
          {!canEdit && <p className="text-xs text-slate-600 dark:text-slate-400">Only its owners change these.</p>}
        </div>
        {severities.map((s) => {
          const item = items.find((it) => it.priority === s);
          const error = fieldErrors[`policies.${changed.indexOf(s)}.days`];
          return (
            <div key={s} className="space-y-1">
              <label
                htmlFor={`sla-${tenant.id}-${s}`}
                className="block text-sm font-medium text-slate-800 @3xl:sr-only dark:text-slate-200"
              >
                {s}
              </label>
              <div className="flex items-center gap-1.5">
                <input
                  id={`sla-${tenant.id}-${s}`}
                  type="number"
                  min={1}
                  max={3650}
                  step={1}
                  required
                  disabled={!canEdit || save.isPending}
                  value={days[s]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`sla-${tenant.id}-${s}-note`}
                  onChange={(e) => setDays({ ...days, [s]: e.target.value })}
                  className={inputClass}
                />
                <span className="text-sm text-slate-600 dark:text-slate-400">days</span>
              </div>
              <p id={`sla-${tenant.id}-${s}-note`} className="text-xs text-slate-600 dark:text-slate-400">
                {error ?? (item?.custom ? "Set by the tenant" : "Default")}
              </p>
            </div>
          );
        })}
        <div className="col-span-2 @3xl:col-span-1">
          {canEdit && (
            <Button type="submit" size="sm" variant="secondary" disabled={changed.length === 0} loading={save.isPending}>
              <Save aria-hidden className="size-4" /> Save
            </Button>
          )}
        </div>
      </div>
      {save.isError && <Notice tone="error">{errorMessage(save.error)}</Notice>}
      {saved !== null && <Notice tone="success">Saved. {saved} open finding(s) got a new due date.</Notice>}
    </form>
  );
}
