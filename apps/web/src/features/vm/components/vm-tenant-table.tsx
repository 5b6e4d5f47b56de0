import { type VmOverview, vmHighEpss } from "@watchfloor/shared";
import { Link } from "react-router";
import { Card } from "@/components/ui/page";
import { TableScroll } from "@/components/ui/table-scroll";
import { count, daysText, figureLink, findingsLink, percent, td, th } from "../lib/links";

/** One row per tenant in scope; its figures open that tenant's findings. */
export function VmTenantTable({ overview }: { overview: VmOverview }) {
  const link = (tenant: string, n: number, filters: Record<string, string>, label: string) => (
    <Link to={findingsLink({ tenant, ...filters })} className={figureLink} aria-label={`${count(n)} ${label}`}>
      {count(n)}
    </Link>
  );
  return (
    <Card title="Tenants compared">
      <TableScroll label="Tenants compared">
        <table data-testid="vm-tenant-table" className="w-full min-w-[48rem] text-sm">
          <caption className="sr-only">
            Open findings, backlog, SLA adherence, time to remediate and scan coverage per tenant.
          </caption>
          <thead className="border-b border-slate-200 dark:border-slate-800">
            <tr>
              {[
                "Tenant",
                "Open",
                "Critical",
                "KEV",
                "High EPSS",
                "Past SLA",
                "SLA adherence",
                "Time to remediate",
                "Not scanned",
              ].map((h, i) => (
                <th key={h} scope="col" className={`${th} ${i === 0 ? "pl-5 text-left" : "text-right"} ${i === 8 ? "pr-5" : ""}`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
            {overview.tenants.map((t) => (
              <tr key={t.tenantId} data-testid="vm-tenant-row">
                <th scope="row" className="py-2.5 pr-3 pl-5 text-left font-medium whitespace-nowrap">
                  {t.tenantName}
                </th>
                <td className={td}>{link(t.tenantId, t.open, {}, `open findings of ${t.tenantName}`)}</td>
                <td className={td}>
                  {link(t.tenantId, t.critical, { priority: "Critical" }, `critical findings of ${t.tenantName}`)}
                </td>
                <td className={td}>{link(t.tenantId, t.kev, { kev: "true" }, `known exploited findings of ${t.tenantName}`)}</td>
                <td className={td}>
                  {link(t.tenantId, t.highEpss, { epssAbove: String(vmHighEpss) }, `high EPSS findings of ${t.tenantName}`)}
                </td>
                <td className={td}>{link(t.tenantId, t.overdue, { overdue: "true" }, `findings past SLA of ${t.tenantName}`)}</td>
                <td className={td}>{percent(t.adherence)}</td>
                <td className={td}>{daysText(t.mttrDays)}</td>
                <td className={`${td} pr-5`}>
                  {count(t.assetsNotScanned)}{" "}
                  <span className="text-xs text-slate-500 dark:text-slate-400">of {count(t.assets)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Card>
  );
}
