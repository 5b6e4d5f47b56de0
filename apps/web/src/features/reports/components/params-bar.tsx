import * as Popover from "@radix-ui/react-popover";
import {
  type ReportKind,
  reportKindPermission,
  type ReportPeriod,
  reportPeriodLabels,
  reportPeriods,
  roleCan,
} from "@watchfloor/shared";
import { Building2, ChevronDown } from "lucide-react";
import { type FormEvent, useId, useMemo, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { cn } from "@/lib/cn";
import { useCurrentUser } from "@/lib/session";
import { lastComplete, type ReportParams, timeZones } from "../lib/params";

/** The tenants the person may read this kind of report in, by name. */
export function useReportTenants(kind: ReportKind) {
  const user = useCurrentUser();
  return useMemo(
    () =>
      user.memberships
        .filter((m) => roleCan(m.role, reportKindPermission[kind]))
        .map((m) => ({ id: m.tenantId, name: m.tenantName }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [user.memberships, kind],
  );
}

function recentQuarters(count = 8): string[] {
  const now = new Date();
  let y = now.getFullYear();
  let q = Math.floor(now.getMonth() / 3) + 1;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(`${y}-Q${q}`);
    q -= 1;
    if (q === 0) {
      q = 4;
      y -= 1;
    }
  }
  return out;
}

const label = "block text-xs font-medium text-slate-700 dark:text-slate-300";

/** Tenants, period and time zone; every change is written to the URL (one history entry each). */
export function ParamsBar({
  kind,
  params,
  onChange,
}: {
  kind: ReportKind;
  params: ReportParams;
  onChange: (next: ReportParams) => void;
}) {
  const id = useId();
  const tenants = useReportTenants(kind);
  const zones = useMemo(() => timeZones(params.tz), [params.tz]);
  const defaults = lastComplete();
  const [draft, setDraft] = useState({ from: params.from ?? "", to: params.to ?? "" });
  const [error, setError] = useState<string>();

  const setPeriod = (period: ReportPeriod) => {
    setError(undefined);
    if (period === "custom") {
      setDraft({ from: params.from ?? "", to: params.to ?? "" });
      // Nothing to ask for yet: the range is applied with its own button.
      onChange({ ...params, period, from: params.from, to: params.to, month: undefined, quarter: undefined });
      return;
    }
    onChange({
      ...params,
      period,
      month: period === "month" ? (params.month ?? defaults.month) : undefined,
      quarter: period === "quarter" ? (params.quarter ?? defaults.quarter) : undefined,
      from: undefined,
      to: undefined,
    });
  };

  const applyRange = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.from || !draft.to) return setError("Pick both days.");
    if (draft.from > draft.to) return setError("The first day must not be after the last.");
    setError(undefined);
    onChange({ ...params, from: draft.from, to: draft.to });
  };

  return (
    <form
      className="mb-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      aria-label="Report parameters"
      onSubmit={applyRange}
      noValidate
    >
      <TenantChooser tenants={tenants} selected={params.tenants} onChange={(next) => onChange({ ...params, tenants: next })} />
      <div>
        <label htmlFor={`${id}-period`} className={label}>
          Period
        </label>
        <select
          id={`${id}-period`}
          className={cn(inputClass, "mt-1 w-44 pr-8")}
          value={params.period}
          onChange={(e) => setPeriod(e.target.value as ReportPeriod)}
        >
          {reportPeriods.map((p) => (
            <option key={p} value={p}>
              {reportPeriodLabels[p]}
            </option>
          ))}
        </select>
      </div>
      {params.period === "month" && (
        <div>
          <label htmlFor={`${id}-month`} className={label}>
            Month
          </label>
          <input
            id={`${id}-month`}
            type="month"
            className={cn(inputClass, "mt-1 w-44")}
            value={params.month ?? defaults.month}
            onChange={(e) => e.target.value && onChange({ ...params, month: e.target.value })}
          />
        </div>
      )}
      {params.period === "quarter" && (
        <div>
          <label htmlFor={`${id}-quarter`} className={label}>
            Quarter
          </label>
          <select
            id={`${id}-quarter`}
            className={cn(inputClass, "mt-1 w-36 pr-8")}
            value={params.quarter ?? defaults.quarter}
            onChange={(e) => onChange({ ...params, quarter: e.target.value })}
          >
            {recentQuarters().map((q) => (
              <option key={q} value={q}>
                {q.replace(/^(\d{4})-(Q\d)$/, "$2 $1")}
              </option>
            ))}
          </select>
        </div>
      )}
      {params.period === "custom" && (
        <>
          <div>
            <label htmlFor={`${id}-from`} className={label}>
              From
            </label>
            <input
              id={`${id}-from`}
              type="date"
              className={cn(inputClass, "mt-1 w-40")}
              value={draft.from}
              max={draft.to || undefined}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className={label}>
              To
            </label>
            <input
              id={`${id}-to`}
              type="date"
              className={cn(inputClass, "mt-1 w-40")}
              value={draft.to}
              min={draft.from || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-range-error` : undefined}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </div>
          <Button type="submit" variant="secondary">
            Apply range
          </Button>
          {error && (
            <p id={`${id}-range-error`} className="w-full text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
        </>
      )}
      <div>
        <label htmlFor={`${id}-tz`} className={label}>
          Time zone
        </label>
        <select
          id={`${id}-tz`}
          className={cn(inputClass, "mt-1 w-56 pr-8")}
          value={params.tz}
          onChange={(e) => onChange({ ...params, tz: e.target.value })}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

/** One, several or all of the person's tenants, as checkboxes in a popover. */
function TenantChooser({
  tenants,
  selected,
  onChange,
}: {
  tenants: { id: string; name: string }[];
  selected: string[];
  onChange: (next: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const names = tenants.filter((t) => selected.includes(t.id)).map((t) => t.name);
  const summary =
    selected.length === 0 ? `All tenants (${tenants.length})` : names.length <= 2 ? names.join(", ") : `${names.length} tenants`;
  const toggle = (id: string) => {
    const current = selected.length === 0 ? tenants.map((t) => t.id) : selected;
    const next = current.includes(id) ? current.filter((t) => t !== id) : [...current, id];
    // A report covers at least one tenant; every tenant ticked is "all", which keeps the URL short.
    if (next.length === 0) return;
    onChange(next.length === tenants.length ? [] : tenants.filter((t) => next.includes(t.id)).map((t) => t.id));
  };
  return (
    <div>
      <span className={label} id="report-tenants-label">
        Tenants
      </span>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            type="button"
            aria-labelledby="report-tenants-label report-tenants-value"
            className={cn(buttonClass("secondary"), "mt-1 max-w-72 justify-between")}
          >
            <Building2 aria-hidden className="size-4 shrink-0" />
            <span id="report-tenants-value" className="truncate" data-testid="report-tenants">
              {summary}
            </span>
            <ChevronDown aria-hidden className="size-4 shrink-0" />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            className="z-50 w-72 animate-menu-in rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">Tenants in the report</legend>
              <label className="mb-1 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                <input
                  type="checkbox"
                  className="size-4 accent-sky-700"
                  checked={selected.length === 0}
                  onChange={() => onChange([])}
                />
                All my tenants
              </label>
              <div className="max-h-56 space-y-1 overflow-y-auto border-t border-slate-100 pt-1 dark:border-slate-800">
                {tenants.map((t) => (
                  <label key={t.id} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                    <input
                      type="checkbox"
                      className="size-4 accent-sky-700"
                      checked={selected.length === 0 || selected.includes(t.id)}
                      onChange={() => toggle(t.id)}
                    />
                    {t.name}
                  </label>
                ))}
              </div>
            </fieldset>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
