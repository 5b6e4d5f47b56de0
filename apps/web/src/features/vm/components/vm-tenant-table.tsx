import { type VmOverview, vmHighEpss } from "@watchfloor/shared";
import { Link } from "react-router";
import { Card } from "@/components/ui/page";
import { figureCell, rowClass, TableFrame } from "@/components/ui/table-frame";
import { count, daysText, figureLink, findingsLink, percent } from "../lib/links";

/** One row per tenant in scope; its figures open that tenant's findings. */
export function VmTenantTable({ overview }: { overview: VmOverview }) {
  const link = (tenant: string, n: number, filters: Record<string, string>, label: string) => (
    <Link to={findingsLink({ tenant, ...filters })} className={figureLink} aria-label={`${count(n)} ${label}`}>
      {count(n)}
    </Link>
  );
  return (
    <Card title="Tenants compared">
      <TableFrame
        label="Tenants compared"
        caption="Open findings, backlog, SLA adherence, time to remediate and scan coverage per tenant."
        headers={[
          "Tenant",
          "Open",
          "Critical",
          "KEV",
          "High EPSS",
          "Past SLA",
          "SLA adherence",
          "Time to remediate",
          "Not scanned",
        ]}
        figuresFrom={1}
        testId="vm-tenant-table"
        minWidth="min-w-[48rem]"
      >
        {overview.tenants.map((t) => (
          <tr key={t.tenantId} data-testid="vm-tenant-row" className={rowClass}>
            <th scope="row" className="py-2.5 pr-3 pl-5 text-left font-medium whitespace-nowrap">
              {t.tenantName}
            </th>
            <td className={figureCell}>{link(t.tenantId, t.open, {}, `open findings of ${t.tenantName}`)}</td>
            <td className={figureCell}>
              {link(t.tenantId, t.critical, { priority: "Critical" }, `critical findings of ${t.tenantName}`)}
            </td>
            <td className={figureCell}>
              {link(t.tenantId, t.kev, { kev: "true" }, `known exploited findings of ${t.tenantName}`)}
            </td>
            <td className={figureCell}>
              {link(t.tenantId, t.highEpss, { epssAbove: String(vmHighEpss) }, `high EPSS findings of ${t.tenantName}`)}
            </td>
            <td className={figureCell}>
              {link(t.tenantId, t.overdue, { overdue: "true" }, `findings past SLA of ${t.tenantName}`)}
            </td>
            <td className={figureCell}>{percent(t.adherence)}</td>
            <td className={figureCell}>{daysText(t.mttrDays)}</td>
            <td className={`${figureCell} pr-5`}>
              {count(t.assetsNotScanned)} <span className="text-xs text-slate-500 dark:text-slate-400">of {count(t.assets)}</span>
            </td>
          </tr>
        ))}
      </TableFrame>
    </Card>
  );
}
