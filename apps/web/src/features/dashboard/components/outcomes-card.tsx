import type { DashboardSummary } from "@watchfloor/shared";
import { Link } from "react-router";
import { Card } from "@/components/ui/page";
import { describeTrend, formatCount } from "../lib/format";
import { listLink } from "../lib/links";
import type { DashboardRange } from "../lib/range";

/** What became of the range's alerts; each figure opens the alert list that counts it. */
export function OutcomesCard({ summary: s, range }: { summary: DashboardSummary; range: DashboardRange }) {
  const volume = describeTrend(s.alerts, "count", "lower");
  const rows = [
    {
      label: "Alerts detected",
      value: s.alerts.current ?? 0,
      to: listLink("all", range),
      note: volume ? `${volume.text} vs previous period` : undefined,
    },
    { label: "Resolved or closed", value: s.resolved, to: listLink("closed", range) },
    {
      label: "Resolved automatically",
      value: s.resolvedAutomatically,
      to: listLink("closed", range, { resolution: "Automated" }),
    },
    { label: "Escalated to incidents", value: s.escalated, to: listLink("all", range, { escalated: "Yes" }) },
  ];
  return (
    <Card title="Outcomes" className="min-w-0">
      <dl className="divide-y divide-slate-100 dark:divide-slate-800">
        {rows.map((row) => (
          <div key={row.label} className="flex items-baseline justify-between gap-3 py-2 text-sm">
            <dt className="text-slate-700 dark:text-slate-300">
              {row.label}
              {row.note && <span className="block text-xs text-slate-500 dark:text-slate-400">{row.note}</span>}
            </dt>
            <dd>
              <Link
                to={row.to}
                className="font-semibold text-slate-900 tabular-nums hover:text-sky-700 hover:underline dark:text-white dark:hover:text-sky-400"
              >
                {formatCount(row.value)}
              </Link>
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
