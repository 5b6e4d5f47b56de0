import type { RiskSummary } from "@watchfloor/shared";
import { Link } from "react-router";
import { Card } from "@/components/ui/page";
import { formatCount } from "../lib/format";
import { openFindingsLink } from "../lib/links";

/** The counts an executive asks first; each opens the findings it counts. */
export function ExposureFigures({ summary }: { summary: RiskSummary }) {
  const t = summary.totals;
  const rows: { label: string; value: string; hint?: string; to?: string; testId: string; strong?: boolean }[] = [
    { label: "Open findings", value: formatCount(t.openFindings), to: openFindingsLink(), testId: "open-findings" },
    {
      label: "Known exploited (KEV)",
      value: formatCount(t.kevFindings),
      to: openFindingsLink({ kev: true }),
      testId: "kev-findings",
      strong: t.kevFindings > 0,
    },
    {
      label: "Past their remediation SLA",
      value: formatCount(t.overdueFindings),
      to: openFindingsLink({ overdue: true }),
      testId: "overdue-findings",
      strong: t.overdueFindings > 0,
    },
    {
      label: "Assets with open findings",
      value: formatCount(t.assetsWithOpenFindings),
      hint: `of ${formatCount(t.assets)}`,
      testId: "assets-at-risk",
    },
    { label: "Open incidents on these assets", value: formatCount(t.openIncidentsOnAssets), testId: "incidents-on-assets" },
  ];
  return (
    <Card title="Exposure" className="min-w-0">
      <dl className="divide-y divide-slate-100 dark:divide-slate-800">
        {rows.map((r) => (
          <div key={r.testId} className="flex items-baseline justify-between gap-3 py-2.5 first:pt-0 last:pb-0">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{r.label}</dt>
            <dd
              data-testid={r.testId}
              className={`shrink-0 text-lg font-semibold tabular-nums ${r.strong ? "text-red-700 dark:text-red-400" : "text-slate-900 dark:text-white"}`}
            >
              {r.to ? (
                <Link to={r.to} className="hover:text-sky-700 hover:underline dark:hover:text-sky-400">
                  {r.value}
                </Link>
              ) : (
                r.value
              )}
              {r.hint && <span className="ml-1 text-xs font-normal text-slate-500 dark:text-slate-400">{r.hint}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
