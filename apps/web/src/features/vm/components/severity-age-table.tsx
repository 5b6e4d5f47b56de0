import { type VmOverview, vmAgeBuckets } from "@watchfloor/shared";
import { Link } from "react-router";
import { PriorityBadge } from "@/components/ui/badges";
import { Card } from "@/components/ui/page";
import { figureCell, rowClass, TableFrame } from "@/components/ui/table-frame";
import { count, figureLink, findingsLink } from "../lib/links";

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
      <TableFrame
        label="Open findings by severity and age"
        caption="Open findings per severity, by days since first seen, and those past their SLA."
        headers={["Severity", ...vmAgeBuckets.map((b) => `${b.key} days`), "Open", "Past SLA"]}
        figuresFrom={1}
        testId="vm-severity-age"
        minWidth="min-w-[40rem]"
      >
        {overview.severities.map((row) => (
          <tr key={row.severity} data-testid="vm-severity-row" className={rowClass}>
            <th scope="row" className="py-2.5 pr-3 pl-5 text-left">
              <PriorityBadge priority={row.severity} />
            </th>
            {vmAgeBuckets.map((b, i) => (
              <td key={b.key} className={figureCell}>
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
            <td className={`${figureCell} font-semibold`}>
              {cell(row.open, { priority: row.severity }, `open ${row.severity} findings`)}
            </td>
            <td className={`${figureCell} pr-5`}>
              {cell(row.overdue, { priority: row.severity, overdue: "true" }, `${row.severity} findings past SLA`)}
            </td>
          </tr>
        ))}
      </TableFrame>
    </Card>
  );
}
