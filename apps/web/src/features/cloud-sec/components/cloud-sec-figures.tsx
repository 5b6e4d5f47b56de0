import type { CloudSecSummary } from "@watchfloor/shared";

const count = (n: number) => n.toLocaleString("en-US");

/** The page at a glance: what was scanned and how much of it fails. */
export function CloudSecFigures({ summary: s }: { summary: CloudSecSummary }) {
  const severe = s.failingBySeverity.critical + s.failingBySeverity.high;
  const figures: [string, string, string, string][] = [
    [
      "accounts",
      "Cloud accounts",
      count(s.totals.accounts),
      `${s.accounts.reduce((n, a) => n + a.tools.length, 0)} latest scans`,
    ],
    ["resources", "Resources", count(s.totals.resources), `${count(s.totals.resourcesFailing)} with failing checks`],
    [
      "failing",
      "Failing checks",
      count(s.totals.failing),
      s.totals.excepted ? `${count(s.totals.excepted)} more under an exception` : `${count(s.totals.passing)} passing`,
    ],
    ["severe", "Critical and high", count(severe), `${count(s.failingBySeverity.critical)} critical`],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="cloud-sec-figures">
      {figures.map(([id, label, value, hint]) => (
        <div
          key={id}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
          <dd
            data-testid={`cloud-sec-figure-${id}`}
            className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums dark:text-white"
          >
            {value}
          </dd>
          <dd className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{hint}</dd>
        </div>
      ))}
    </dl>
  );
}
