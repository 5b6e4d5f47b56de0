import type { TenantRiskRow } from "@watchfloor/shared";
import { Link } from "react-router";
import { Card } from "@/components/ui/page";
import { findingAssetPath } from "@/config/paths";
import { bandStyle, formatCount, formatPoints, formatScore, shortDate } from "../lib/format";
import { openFindingsLink } from "../lib/links";
import { TableScroll } from "@/components/ui/table-scroll";

const th = "px-3 py-2 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:text-slate-400";
const td = "px-3 py-2.5 text-right tabular-nums whitespace-nowrap";

/** The provider's view: one row per tenant, riskiest first; figures open that tenant's findings. */
export function TenantRiskTable({ rows }: { rows: TenantRiskRow[] }) {
  return (
    <Card title="Tenants compared">
      <TableScroll label="Tenants compared by risk">
        <table data-testid="tenant-risk-table" className="w-full min-w-[44rem] text-sm">
          <caption className="sr-only">Risk score and open findings per tenant, highest score first.</caption>
          <thead className="border-b border-slate-200 dark:border-slate-800">
            <tr>
              <th scope="col" className={`${th} pl-5 text-left`}>
                Tenant
              </th>
              <th scope="col" className={`${th} text-right`}>
                Score
              </th>
              <th scope="col" className={`${th} text-right`}>
                Change
              </th>
              <th scope="col" className={`${th} text-right`}>
                Open
              </th>
              <th scope="col" className={`${th} text-right`}>
                Critical
              </th>
              <th scope="col" className={`${th} text-right`}>
                KEV
              </th>
              <th scope="col" className={`${th} text-right`}>
                Overdue
              </th>
              <th scope="col" className={`${th} pr-5 text-left`}>
                Riskiest asset
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
            {rows.map((row) => (
              <tr key={row.tenantId} data-testid="tenant-risk-row" className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
                <th scope="row" className="py-2.5 pr-3 pl-5 text-left font-medium whitespace-nowrap">
                  {row.tenantName}
                </th>
                <td className={`${td} font-semibold ${bandStyle[row.band].text}`}>
                  {formatScore(row.score)} <span className="text-xs font-medium">{row.band}</span>
                </td>
                <td className={td}>
                  {row.change ? (
                    <span title={`since ${row.change.since}`}>
                      {formatPoints(row.change.points)}{" "}
                      <span className="text-xs text-slate-500 dark:text-slate-400">since {shortDate(row.change.since)}</span>
                    </span>
                  ) : (
                    <span
                      className="text-slate-500 dark:text-slate-400"
                      title="No snapshot of this tenant before today in the last 30 days"
                    >
                      no history
                    </span>
                  )}
                </td>
                <td className={td}>
                  <Link
                    to={openFindingsLink({ tenant: row.tenantId })}
                    className="hover:text-sky-700 hover:underline dark:hover:text-sky-400"
                  >
                    {formatCount(row.openFindings)}
                  </Link>
                </td>
                <td className={td}>
                  <Link
                    to={openFindingsLink({ tenant: row.tenantId, priority: "Critical" })}
                    className="hover:text-sky-700 hover:underline dark:hover:text-sky-400"
                  >
                    {formatCount(row.criticalFindings)}
                  </Link>
                </td>
                <td className={td}>
                  <Link
                    to={openFindingsLink({ tenant: row.tenantId, kev: true })}
                    className={`hover:underline ${row.kevFindings ? "font-semibold text-red-700 dark:text-red-400" : ""}`}
                  >
                    {formatCount(row.kevFindings)}
                  </Link>
                </td>
                <td className={td}>
                  <Link
                    to={openFindingsLink({ tenant: row.tenantId, overdue: true })}
                    className="hover:text-sky-700 hover:underline dark:hover:text-sky-400"
                  >
                    {formatCount(row.overdueFindings)}
                  </Link>
                </td>
                <td className="py-2.5 pr-5 pl-3 text-left whitespace-nowrap">
                  {row.topAsset ? (
                    <Link
                      to={findingAssetPath(row.topAsset.assetId)}
                      className="hover:text-sky-700 hover:underline dark:hover:text-sky-400"
                    >
                      {row.topAsset.name}{" "}
                      <span className="text-xs text-slate-500 dark:text-slate-400">({formatScore(row.topAsset.score)})</span>
                    </Link>
                  ) : (
                    <span className="text-slate-500 dark:text-slate-400">none</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Card>
  );
}
