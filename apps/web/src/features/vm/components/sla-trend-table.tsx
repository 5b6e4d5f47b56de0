import { priorities, type VmOverview } from "@watchfloor/shared";
import { Card } from "@/components/ui/page";
import { figureCell, rowClass, TableFrame } from "@/components/ui/table-frame";
import { daysText, percent } from "../lib/links";

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
      <TableFrame
        label="SLA adherence and time to remediate by month"
        caption="Per month: the share of findings closed by their due date per severity, how many were closed and the mean days to remediate."
        headers={["Month", ...severities.map((s) => `${s} on time`), "Closed", "Mean time to remediate"]}
        figuresFrom={1}
        testId="vm-sla-trend"
        minWidth="min-w-[44rem]"
      >
        {months.map((month) => {
          const all = point(month, null);
          return (
            <tr key={month} data-testid="vm-trend-row" className={rowClass}>
              <th scope="row" className="py-2.5 pr-3 pl-5 text-left font-medium whitespace-nowrap">
                {month}
              </th>
              {severities.map((s) => {
                const p = point(month, s);
                return (
                  <td key={s} className={figureCell} title={p ? `${p.onTime} of ${p.closed} on time` : undefined}>
                    {percent(p?.adherence ?? null)}
                  </td>
                );
              })}
              <td className={figureCell}>{all?.closed ?? 0}</td>
              <td className={`${figureCell} pr-5`}>{daysText(all?.mttrDays ?? null)}</td>
            </tr>
          );
        })}
      </TableFrame>
    </Card>
  );
}
