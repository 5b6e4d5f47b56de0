import { type VmOverview, vmAgeBuckets } from "@watchfloor/shared";
import { Link } from "react-router";
import { PriorityBadge } from "@/components/ui/badges";
import { Card } from "@/components/ui/page";
import { TableScroll } from "@/components/ui/table-scroll";
import { count, figureLink, findingsLink, td, th } from "../lib/links";

/** Open findings by severity and age since first seen; every cell opens the list with that filter. */
export function SeverityAgeTable({ overview }: { overview: VmOverview }) {
  const cell = (n: number, filters: Record<string, string | undefined>, label: string) =>
    n > 0 ? (
      <Link to={findingsLink(filters)} className={figureLink} aria-label={`${count(n)} ${label}`}>
        {count(n)}
      </Link>
    ) : (
      <span className="text-slate-500 dark:text-slate-400">0</span>
    );
  return (
    <Card title="Open findings by severity and age">
      <TableScroll label="Open findings by severity and age">
        <table data-testid="vm-severity-age" className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">Open findings per severity, by days since first seen, and those past their SLA.</caption>
          <thead className="border-b border-slate-200 dark:border-slate-800">
            <tr>
              <th scope="col" className={`${th} pl-5 text-left`}>
                Severity
              </th>
              {vmAgeBuckets.map((b) => (
                <th key={b.key} scope="col" className={`${th} text-right`}>
                  {b.key} days
                </th>
              ))}
              <th scope="col" className={`${th} text-right`}>
                Open
              </th>
              <th scope="col" className={`${th} pr-5 text-right`}>
                Past SLA
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
            {overview.severities.map((row) => (
              <tr key={row.severity} data-testid="vm-severity-row">
                <th scope="row" className="py-2.5 pr-3 pl-5 text-left">
                  <PriorityBadge priority={row.severity} />
                </th>
                {vmAgeBuckets.map((b, i) => (
                  <td key={b.key} className={td}>
                    {cell(
                      row.ages[i] ?? 0,
                      {
                        priority: row.severity,
                        ageMin: b.min ? String(b.min) : undefined,
                        ageMax: b.max == null ? undefined : String(b.max),
                      },
                      `${row.severity} findings ${b.key} days old`,
                    )}
                  </td>
                ))}
                <td className={`${td} font-semibold`}>
                  {cell(row.open, { priority: row.severity }, `open ${row.severity} findings`)}
                </td>
                <td className={`${td} pr-5`}>
                  {cell(row.overdue, { priority: row.severity, overdue: "true" }, `${row.severity} findings past SLA`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Card>
  );
}
