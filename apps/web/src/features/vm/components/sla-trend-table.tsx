import { priorities, type VmOverview } from "@watchfloor/shared";
import { Card } from "@/components/ui/page";
import { TableScroll } from "@/components/ui/table-scroll";
import { daysText, percent, td, th } from "../lib/links";

/**
 * Remediation SLA adherence per severity and mean time to remediate, per month of closing:
 * findings closed as Fixed or Remediated, on time when closed by their due date.
 */
export function SlaTrendTable({ overview }: { overview: VmOverview }) {
  const months = [...new Set(overview.trend.map((p) => p.month))];
  const severities = [...priorities].reverse();
  const point = (month: string, severity: (typeof severities)[number] | null) =>
    overview.trend.find((p) => p.month === month && p.severity === severity);
  return (
    <Card title="SLA adherence and time to remediate">
      <TableScroll label="SLA adherence and time to remediate by month">
        <table data-testid="vm-sla-trend" className="w-full min-w-[44rem] text-sm">
          <caption className="sr-only">
            Per month: the share of findings closed by their due date per severity, how many were closed and the mean days to
            remediate.
          </caption>
          <thead className="border-b border-slate-200 dark:border-slate-800">
            <tr>
              <th scope="col" className={`${th} pl-5 text-left`}>
                Month
              </th>
              {severities.map((s) => (
                <th key={s} scope="col" className={`${th} text-right`}>
                  {s} on time
                </th>
              ))}
              <th scope="col" className={`${th} text-right`}>
                Closed
              </th>
              <th scope="col" className={`${th} pr-5 text-right`}>
                Mean time to remediate
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
            {months.map((month) => {
              const all = point(month, null);
              return (
                <tr key={month} data-testid="vm-trend-row">
                  <th scope="row" className="py-2.5 pr-3 pl-5 text-left font-medium whitespace-nowrap">
                    {month}
                  </th>
                  {severities.map((s) => {
                    const p = point(month, s);
                    return (
                      <td key={s} className={td} title={p ? `${p.onTime} of ${p.closed} on time` : undefined}>
                        {percent(p?.adherence ?? null)}
                      </td>
                    );
                  })}
                  <td className={td}>{all?.closed ?? 0}</td>
                  <td className={`${td} pr-5`}>{daysText(all?.mttrDays ?? null)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </Card>
  );
}
