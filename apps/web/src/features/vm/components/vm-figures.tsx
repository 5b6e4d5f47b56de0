import { type VmOverview, vmHighEpss, vmStaleScanDays } from "@watchfloor/shared";
import { Link } from "react-router";
import { count, findingsLink } from "../lib/links";

/** The programme at a glance; each figure opens the vulnerable-asset list with the same filter. */
export function VmFigures({ overview: o }: { overview: VmOverview }) {
  const figures: { id: string; label: string; value: string; hint: string; to?: string }[] = [
    {
      id: "open",
      label: "Open findings",
      value: count(o.totals.open),
      hint: `${count(o.totals.accepted)} accepted risks apart`,
      to: findingsLink({}),
    },
    {
      id: "overdue",
      label: "Past remediation SLA",
      value: count(o.totals.overdue),
      hint: "open and past due",
      to: findingsLink({ overdue: "true" }),
    },
    {
      id: "kev",
      label: "Known exploited (KEV)",
      value: count(o.totals.kev),
      hint: "open, in CISA KEV",
      to: findingsLink({ kev: "true" }),
    },
    {
      id: "epss",
      label: "High EPSS",
      value: count(o.totals.highEpss),
      hint: `open, EPSS above ${vmHighEpss * 100}%`,
      to: findingsLink({ epssAbove: String(vmHighEpss) }),
    },
    {
      id: "coverage",
      label: "Assets not scanned",
      value: count(o.totals.assetsNotScanned),
      hint: `of ${count(o.totals.assets)}, none in ${vmStaleScanDays} days`,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5" data-testid="vm-figures">
      {figures.map((f) => (
        <div
          key={f.id}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <dt className="text-sm text-slate-600 dark:text-slate-400">{f.label}</dt>
          <dd
            data-testid={`vm-figure-${f.id}`}
            className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums dark:text-white"
          >
            {f.to ? (
              <Link to={f.to} className="underline-offset-4 hover:underline" aria-label={`${f.label}: ${f.value}, open the list`}>
                {f.value}
              </Link>
            ) : (
              f.value
            )}
          </dd>
          <dd className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{f.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
