import type { DashboardTenantRow } from "@watchfloor/shared";
import { Link } from "react-router";
import { Card } from "@/components/ui/page";
import { figureCell, rowClass, TableFrame } from "@/components/ui/table-frame";
import { formatCount, formatMinutes, formatPercent } from "../lib/format";
import { listLink } from "../lib/links";
import type { DashboardRange } from "../lib/range";

/** The provider's morning view: one row per tenant, worst backlog first; every cell links to its list. */
export function TenantTable({ rows, range }: { rows: DashboardTenantRow[]; range: DashboardRange }) {
  const cell = (
    row: DashboardTenantRow,
    view: "open" | "all",
    text: string,
    filters: Record<string, string> = {},
    strong = false,
  ) => (
    <Link
      to={listLink(view, range, { tenant: row.tenantId, ...filters })}
      className={`hover:text-sky-700 hover:underline dark:hover:text-sky-400 ${strong ? "font-semibold text-red-700 dark:text-red-400" : ""}`}
    >
      {text}
    </Link>
  );
  return (
    <Card title="Tenants compared">
      <TableFrame
        label="Tenants compared"
        caption={`Figures per tenant for ${range.label}. Each figure links to the alerts it counts.`}
        headers={["Tenant", "Open", "Critical open", "MTTA", "MTTR", "Ack SLA met", "Respond SLA met", "Breached now"]}
        figuresFrom={1}
        testId="tenant-table"
        minWidth="min-w-[40rem]"
      >
        {rows.map((row) => (
          <tr key={row.tenantId} data-testid="tenant-row" className={`${rowClass} hover:bg-slate-50 dark:hover:bg-slate-800/40`}>
            <th scope="row" className="py-2.5 pr-3 pl-5 text-left font-medium whitespace-nowrap">
              <Link
                to={listLink("all", range, { tenant: row.tenantId })}
                className="hover:text-sky-700 hover:underline dark:hover:text-sky-400"
              >
                {row.tenantName}
              </Link>
            </th>
            <td className={figureCell}>{cell(row, "open", formatCount(row.open))}</td>
            <td className={figureCell}>
              {cell(row, "open", formatCount(row.criticalOpen), { priority: "Critical" }, row.criticalOpen > 0)}
            </td>
            <td className={figureCell}>{cell(row, "all", formatMinutes(row.mttaMinutes))}</td>
            <td className={figureCell}>{cell(row, "all", formatMinutes(row.mttrMinutes))}</td>
            <td className={figureCell}>{cell(row, "all", formatPercent(row.ackMetPercent), { ackSla: "Met" })}</td>
            <td className={figureCell}>{cell(row, "all", formatPercent(row.respondMetPercent), { respondSla: "Met" })}</td>
            <td className={`${figureCell} pr-5`}>
              {cell(row, "open", formatCount(row.breachedNow), { respondSla: "Missed" }, row.breachedNow > 0)}
            </td>
          </tr>
        ))}
      </TableFrame>
    </Card>
  );
}
