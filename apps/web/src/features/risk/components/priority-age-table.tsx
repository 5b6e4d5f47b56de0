import { type Priority, priorities, type RiskSummary } from "@watchfloor/shared";
import { Link } from "react-router";
import { PriorityBadge } from "@/components/ui/badges";
import { Card } from "@/components/ui/page";
import { formatCount } from "../lib/format";
import { openFindingsLink } from "../lib/links";
import { TableScroll } from "@/components/ui/table-scroll";

const order = [...priorities].reverse() as Priority[];
const th = "px-2 py-2 text-xs font-semibold whitespace-nowrap text-slate-600 dark:text-slate-400";

/**
 * Open findings by priority and by age (days since first seen). A priority opens the list
 * filtered to it; the list has no age filter, so the age cells are figures only.
 */
export function PriorityAgeTable({ summary }: { summary: RiskSummary }) {
  const cell = (p: Priority, i: number) => summary.byAge[i]?.byPriority[p] ?? 0;
  return (
    <Card title="Open findings by priority and age" className="min-w-0">
      <TableScroll label="Open findings by priority and age" className="px-5">
        <table className="w-full text-sm" data-testid="priority-age">
          <caption className="sr-only">Open findings per priority (rows) and days since first seen (columns)</caption>
          <thead className="border-b border-slate-200 dark:border-slate-800">
            <tr>
              <th scope="col" className={`${th} pl-0 text-left`}>
                Priority
              </th>
              {summary.byAge.map((b) => (
                <th key={b.key} scope="col" className={`${th} text-right`}>
                  {b.label.replace(" days", "d").replace("Over 90d", ">90d")}
                  <span className="sr-only"> ({b.label})</span>
                </th>
              ))}
              <th scope="col" className={`${th} pr-0 text-right`}>
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {order.map((p) => (
              <tr key={p} data-testid={`priority-row-${p}`}>
                <th scope="row" className="py-2 pr-2 text-left font-normal">
                  <Link
                    to={openFindingsLink({ priority: p })}
                    className="rounded hover:opacity-80"
                    aria-label={`${p}: open the ${summary.byPriority[p]} open findings`}
                  >
                    <PriorityBadge priority={p} />
                  </Link>
                </th>
                {summary.byAge.map((b, i) => (
                  <td
                    key={b.key}
                    className={`px-2 py-2 text-right tabular-nums ${cell(p, i) ? "text-slate-900 dark:text-white" : "text-slate-400 dark:text-slate-500"}`}
                  >
                    {formatCount(cell(p, i))}
                  </td>
                ))}
                <td className="py-2 pl-2 text-right font-semibold tabular-nums">
                  <Link
                    to={openFindingsLink({ priority: p })}
                    className="hover:text-sky-700 hover:underline dark:hover:text-sky-400"
                  >
                    {formatCount(summary.byPriority[p])}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-slate-200 dark:border-slate-800">
            <tr>
              <th scope="row" className="py-2 pr-2 text-left text-xs font-semibold text-slate-600 dark:text-slate-400">
                All
              </th>
              {summary.byAge.map((b) => (
                <td key={b.key} className="px-2 py-2 text-right font-semibold tabular-nums">
                  {formatCount(b.count)}
                </td>
              ))}
              <td className="py-2 pl-2 text-right font-semibold tabular-nums">{formatCount(summary.totals.openFindings)}</td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
    </Card>
  );
}
