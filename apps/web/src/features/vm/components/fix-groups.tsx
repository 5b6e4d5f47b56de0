import type { VmFixGroup } from "@watchfloor/shared";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { PriorityBadge } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { figureCell, headCell } from "@/components/ui/table-frame";
import { TableScroll } from "@/components/ui/table-scroll";
import { useFixGroups } from "../api/vm";
import { count, figureLink, findingsLink } from "../lib/links";
import { AcceptRiskDialog } from "./accept-risk-dialog";
import { StartCampaignDialog } from "./start-campaign-dialog";

/** Findings one remediation closes, from the scanners' fixed version or solution, most risk removed first. */
export function FixGroups({
  canStart,
  tenants,
  acceptTenants,
}: {
  canStart: boolean;
  tenants: { id: string; name: string }[];
  /** Tenants where the person may accept risk (risk.accept); empty hides the action. */
  acceptTenants: { id: string; name: string }[];
}) {
  const [q, setQ] = useState("");
  const [starting, setStarting] = useState<VmFixGroup | null>(null);
  const [accepting, setAccepting] = useState<VmFixGroup | null>(null);
  const groups = useFixGroups(q.trim());
  let body: ReactNode;
  if (groups.isPending) body = <LoadingState label="Loading fix groups" />;
  else if (groups.isError)
    body = <ErrorState title="Could not load fix groups" error={groups.error} onRetry={() => groups.refetch()} />;
  else if (groups.data.items.length === 0)
    body = (
      <EmptyState title={q ? "No fix matches" : "No open finding has a fix yet"}>
        Fix groups come from the fixed version or solution that scanners report with each finding.
      </EmptyState>
    );
  else
    body = (
      <>
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="fix-groups-status">
          Showing {groups.data.items.length} of {count(groups.data.total)} fixes{groups.isFetching && " · refreshing…"}
        </p>
        <TableScroll label="Fix groups">
          <table data-testid="fix-groups" className="w-full min-w-[46rem] text-sm">
            <caption className="sr-only">
              Remediations, the open findings and assets each closes, and the risk it removes.
            </caption>
            <thead className="border-b border-slate-200 dark:border-slate-800">
              <tr>
                <th scope="col" className={`${headCell} pl-5 text-left`}>
                  Fix
                </th>
                <th scope="col" className={`${headCell} text-left`}>
                  Worst
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  Findings
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  Assets
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  KEV
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  Risk removed
                </th>
                <th scope="col" className={`${headCell} pr-5 text-right`}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
              {groups.data.items.map((g) => (
                <tr key={g.fix} data-testid="fix-group-row">
                  <th scope="row" className="max-w-[28rem] py-2.5 pr-3 pl-5 text-left font-medium">
                    <span className="line-clamp-3 [overflow-wrap:anywhere]" title={g.fix}>
                      {g.fix}
                    </span>
                    {g.cves.length > 0 && (
                      <span className="mt-0.5 block truncate text-xs font-normal text-slate-600 dark:text-slate-400">
                        {g.cves.slice(0, 4).join(", ")}
                        {g.cves.length > 4 && ` +${g.cves.length - 4}`}
                      </span>
                    )}
                  </th>
                  <td className="px-3 py-2.5">
                    <PriorityBadge priority={g.worstSeverity} />
                  </td>
                  <td className={figureCell}>
                    <Link
                      to={findingsLink({ fix: g.fix })}
                      className={figureLink}
                      aria-label={`${g.findings} findings this fix closes`}
                    >
                      {count(g.findings)}
                    </Link>
                  </td>
                  <td className={figureCell}>{count(g.assets)}</td>
                  <td className={figureCell}>{count(g.kev)}</td>
                  <td className={`${figureCell} font-semibold`}>{g.riskRemoved.toLocaleString("en-US")}</td>
                  <td className={`${figureCell} pr-5`}>
                    {canStart && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setStarting(g)}
                        aria-label={`Start campaign: ${g.fix}`}
                      >
                        Start campaign
                      </Button>
                    )}
                    {acceptTenants.length > 0 && (
                      <Button
                        size="sm"
                        variant="secondary"
                        className="ml-2"
                        onClick={() => setAccepting(g)}
                        aria-label={`Accept risk: ${g.fix}`}
                      >
                        Accept risk
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </>
    );
  return (
    <section id="fix-groups" aria-labelledby="vm-fix-groups-title" className="scroll-mt-4 space-y-3">
      <h2 id="vm-fix-groups-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Fix groups
      </h2>
      <Card>
        <div className="space-y-3">
          <label className="block max-w-md text-sm font-medium text-slate-800 dark:text-slate-200">
            Find a fix
            <input
              type="search"
              className={`${inputClass} mt-1`}
              value={q}
              placeholder="openssl, PHP, kernel…"
              onChange={(e) => setQ(e.target.value)}
            />
          </label>
          {body}
        </div>
      </Card>
      {accepting && <AcceptRiskDialog group={accepting} tenants={acceptTenants} onClose={() => setAccepting(null)} />}
      {starting && <StartCampaignDialog group={starting} tenants={tenants} onClose={() => setStarting(null)} />}
    </section>
  );
}
