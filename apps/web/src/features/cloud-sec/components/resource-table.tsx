import type { CloudSecResource } from "@watchfloor/shared";
import { ChevronDown, ChevronRight } from "lucide-react";
import { Fragment, useState } from "react";
import { Link } from "react-router";
import { useMediaQuery } from "@/components/layout/use-sidebar-state";
import { TableScroll } from "@/components/ui/table-scroll";
import { complianceTargetPath } from "@/config/paths";
import { accountLabel, checkFilters, type ResourceFilters } from "../lib/cloud-sec-params";
import { SeverityBadge } from "@/components/ui/compliance-badges";
import { GapBadges } from "./cloud-sec-badges";
import { ResourceChecks } from "./resource-checks";

const th =
  "px-3 py-2 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:text-slate-400";
const td = "px-3 py-2.5 align-top";

type Props = { resources: CloudSecResource[]; filters: ResourceFilters; tenantName: (id: string) => string; showTenant: boolean };

const keyOf = (r: CloudSecResource) => JSON.stringify([r.tenantId, r.accountId, r.resourceId]);
/** ScoutSuite rules name no resource: their results are the account's own. */
const nameOf = (r: CloudSecResource) => r.resourceId ?? "Account-wide checks";
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Failing({ r, labelled }: { r: CloudSecResource; labelled?: boolean }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span className="text-slate-900 tabular-nums dark:text-white">
        <span className="font-semibold">{r.failing}</span>
        {labelled && " failing"}
      </span>
      {r.worstSeverity && <SeverityBadge severity={r.worstSeverity} />}
      <span className="text-xs text-slate-600 dark:text-slate-400">
        {r.passing} passing{r.excepted ? `, ${r.excepted} excepted` : ""}
      </span>
    </span>
  );
}

function Account({ r, tenantName, showTenant }: { r: CloudSecResource; tenantName: Props["tenantName"]; showTenant: boolean }) {
  return (
    <>
      <Link
        to={complianceTargetPath({ tenantId: r.tenantId, targetKind: "cloud-account", targetId: r.accountId })}
        className="wrap-break-word text-slate-900 hover:text-sky-700 hover:underline dark:text-white dark:hover:text-sky-400"
      >
        {accountLabel(r)}
      </Link>
      {showTenant && <div className="text-xs text-slate-600 dark:text-slate-400">{tenantName(r.tenantId)}</div>}
    </>
  );
}

function Toggle({ r, open, onToggle, id }: { r: CloudSecResource; open: boolean; onToggle: () => void; id: string }) {
  const Icon = open ? ChevronDown : ChevronRight;
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? id : undefined}
      onClick={onToggle}
      className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-sm font-medium text-sky-800 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-600 dark:text-sky-300 dark:hover:bg-slate-800"
    >
      <Icon aria-hidden className="size-4" />
      Checks<span className="sr-only"> of {nameOf(r)}</span>
    </button>
  );
}

/** Resources as a table (wide) or cards (narrow); each opens to its checks under the same filters. */
export function ResourceTable({ resources, filters, tenantName, showTenant }: Props) {
  const [open, setOpen] = useState<string | null>(null);
  const wide = useMediaQuery("(min-width: 1200px)");
  const toggle = (key: string) => setOpen(open === key ? null : key);
  const checksOf = (r: CloudSecResource) => ({
    tenantId: r.tenantId,
    account: r.accountId,
    resourceId: r.resourceId,
    ...checkFilters(filters),
  });
  const panelId = (i: number) => `cloud-sec-checks-${i}`;

  if (!wide)
    return (
      <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="cloud-sec-resources">
        {resources.map((r, i) => (
          <li key={keyOf(r)} className="space-y-1.5 py-3" data-testid="cloud-sec-resource">
            <p className="font-medium wrap-anywhere text-slate-900 dark:text-white">{nameOf(r)}</p>
            <div className="text-xs text-slate-600 dark:text-slate-400">
              {[r.resourceType, r.service ?? plural(r.services, "service", "services"), r.region].filter(Boolean).join(" · ")}
            </div>
            <div className="text-sm">
              <Account r={r} tenantName={tenantName} showTenant={showTenant} />
            </div>
            <Failing r={r} labelled />
            <GapBadges gaps={r.gaps} />
            <Toggle r={r} open={open === keyOf(r)} onToggle={() => toggle(keyOf(r))} id={panelId(i)} />
            {open === keyOf(r) && (
              <div id={panelId(i)} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-950/60">
                <ResourceChecks of={checksOf(r)} label={nameOf(r)} />
              </div>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <TableScroll label="Cloud resources">
      <table className="w-full min-w-[52rem] text-sm" data-testid="cloud-sec-resources">
        <caption className="sr-only">Cloud resources with their failing checks; open a row for its checks.</caption>
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            <th className={`${th} pl-5`}>
              <span className="sr-only">Open</span>
            </th>
            <th className={th}>Resource</th>
            <th className={th}>Account</th>
            <th className={th}>Service and region</th>
            <th className={th}>Failing</th>
            <th className={`${th} pr-5`}>Gaps</th>
          </tr>
        </thead>
        <tbody>
          {resources.map((r, i) => {
            const key = keyOf(r);
            return (
              <Fragment key={key}>
                <tr className="border-b border-slate-100 dark:border-slate-800/60" data-testid="cloud-sec-resource">
                  <td className={`${td} pl-5`}>
                    <Toggle r={r} open={open === key} onToggle={() => toggle(key)} id={panelId(i)} />
                  </td>
                  <th scope="row" className={`${td} min-w-52 text-left font-normal`}>
                    <span className="font-medium wrap-anywhere text-slate-900 dark:text-white">{nameOf(r)}</span>
                    {r.resourceType && (
                      <div className="text-xs wrap-anywhere text-slate-600 dark:text-slate-400">{r.resourceType}</div>
                    )}
                  </th>
                  <td className={`${td} min-w-40`}>
                    <Account r={r} tenantName={tenantName} showTenant={showTenant} />
                  </td>
                  <td className={td}>
                    {r.service ?? plural(r.services, "service", "services")}
                    <div className="text-xs text-slate-600 dark:text-slate-400">
                      {r.region ?? (r.regions ? plural(r.regions, "region", "regions") : "no region")}
                    </div>
                  </td>
                  <td className={`${td} min-w-36`}>
                    <Failing r={r} />
                  </td>
                  <td className={`${td} pr-5`}>
                    <GapBadges gaps={r.gaps} />
                  </td>
                </tr>
                {open === key && (
                  <tr
                    id={panelId(i)}
                    className="border-b border-slate-100 bg-slate-50 dark:border-slate-800/60 dark:bg-slate-950/60"
                  >
                    <td colSpan={6} className="px-5 py-3">
                      <ResourceChecks of={checksOf(r)} label={nameOf(r)} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
