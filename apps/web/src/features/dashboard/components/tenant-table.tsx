import type { DashboardTenantRow } from "@watchfloor/shared";
import { Link } from "react-router";
import { Card } from "@/components/ui/page";
import { formatCount, formatMinutes, formatPercent } from "../lib/format";
import { listLink } from "../lib/links";
import type { DashboardRange } from "../lib/range";
import { TableScroll } from "@/components/ui/table-scroll";

const th =
  "px-3 py-2 text-right text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:text-slate-400";
const td = "px-3 py-2.5 text-right tabular-nums whitespace-nowrap";

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
      <TableScroll label="Tenants compared">
        <table data-testid="tenant-table" className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">Figures per tenant for {range.label}. Each figure links to the alerts it counts.</caption>
          <thead className="border-b border-slate-200 dark:border-slate-800">
            <tr>
              <th scope="col" className={`${th} pl-5 text-left`}>
                Tenant
              </th>
              <th scope="col" className={th}>
                Open
              </th>
              <th scope="col" className={th}>
                Critical open
              </th>
              <th scope="col" className={th}>
                MTTA
              </th>
              <th scope="col" className={th}>
                MTTR
              </th>
              <th scope="col" className={th}>
                Ack SLA met
              </th>
              <th scope="col" className={th}>
                Respond SLA met
              </th>
              <th scope="col" className={`${th} pr-5`}>
                Breached now
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
            {rows.map((row) => (
              <tr key={row.tenantId} data-testid="tenant-row" className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
                <th scope="row" className="py-2.5 pr-3 pl-5 text-left font-medium whitespace-nowrap">
                  <Link
                    to={listLink("all", range, { tenant: row.tenantId })}
                    className="hover:text-sky-700 hover:underline dark:hover:text-sky-400"
                  >
                    {row.tenantName}
                  </Link>
                </th>
                <td className={td}>{cell(row, "open", formatCount(row.open))}</td>
                <td className={td}>
                  {cell(row, "open", formatCount(row.criticalOpen), { priority: "Critical" }, row.criticalOpen > 0)}
                </td>
                <td className={td}>{cell(row, "all", formatMinutes(row.mttaMinutes))}</td>
                <td className={td}>{cell(row, "all", formatMinutes(row.mttrMinutes))}</td>
                <td className={td}>{cell(row, "all", formatPercent(row.ackMetPercent), { ackSla: "Met" })}</td>
                <td className={td}>{cell(row, "all", formatPercent(row.respondMetPercent), { respondSla: "Met" })}</td>
                <td className={`${td} pr-5`}>
                  {cell(row, "open", formatCount(row.breachedNow), { respondSla: "Missed" }, row.breachedNow > 0)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Card>
  );
}
