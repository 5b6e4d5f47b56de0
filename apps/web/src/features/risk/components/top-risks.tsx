import type { RiskAction } from "@watchfloor/shared";
import { TrendingDown } from "lucide-react";
import { Link } from "react-router";
import { Badge, PriorityBadge } from "@/components/ui/badges";
import { Card } from "@/components/ui/page";
import { EmptyState } from "@/components/ui/states";
import { findingAssetPath, findingPath } from "@/config/paths";
import { formatCount, formatPoints, formatScore } from "../lib/format";
import { findingsLink } from "../lib/links";

/** A CVE action opens its open findings in the list; a single finding opens its page. */
const actionLink = (r: RiskAction) =>
  r.kind === "cve" ? findingsLink({ view: "open", cve: r.cveIds.join(",") }) : findingPath(r.findingId);

/** The findings whose remediation would lower the score most, with the drop each would give. */
export function TopRisks({ risks, showTenant }: { risks: RiskAction[]; showTenant: boolean }) {
  return (
    <Card title="Top risks and what would lower them" className="min-w-0">
      {risks.length === 0 ? (
        <EmptyState title="Nothing to remediate">No open finding adds to the score.</EmptyState>
      ) : (
        // A container query: the drop sits beside each action only when the card itself is wide enough.
        <ol className="@container divide-y divide-slate-100 dark:divide-slate-800" data-testid="top-risks">
          {risks.map((r, i) => (
            <li
              key={`${r.kind}-${r.key}`}
              data-testid="top-risk"
              className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 py-3 first:pt-0 last:pb-0 @lg:grid-cols-[auto_1fr_auto]"
            >
              <span
                aria-hidden
                className="flex size-6 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300"
              >
                {i + 1}
              </span>
              <div className="min-w-0">
                <Link
                  to={actionLink(r)}
                  className="font-medium break-words text-slate-900 hover:text-sky-700 hover:underline dark:text-white dark:hover:text-sky-400"
                >
                  {r.action}
                </Link>
                <p className="truncate text-sm text-slate-600 dark:text-slate-400" title={r.title}>
                  {r.title}
                  {r.affectedFindings > 1 ? ` · ${formatCount(r.affectedFindings)} findings` : ""}
                  {showTenant ? ` · ${r.tenantName}` : ""}
                </p>
                <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
                  <PriorityBadge priority={r.priority} />
                  {r.kev && <Badge color="red">KEV</Badge>}
                  {r.cvss != null && <Badge color="slate">CVSS {r.cvss.toFixed(1)}</Badge>}
                  {r.epss != null && <Badge color="violet">EPSS {(r.epss * 100).toFixed(r.epss < 0.1 ? 1 : 0)}%</Badge>}
                  <Badge color="slate">
                    risk {formatScore(r.findingRisk)} = {formatScore(r.base)} × {r.exploitability}
                  </Badge>
                </div>
                {r.remediation && (
                  <p className="mt-1.5 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">
                    <span className="font-medium">{r.kev ? "CISA required action: " : "Remediation: "}</span>
                    {r.remediation}
                  </p>
                )}
              </div>
              <div className="col-start-2 flex items-center gap-2 @lg:col-start-3 @lg:row-start-1 @lg:flex-col @lg:items-end @lg:gap-0.5 @lg:text-right">
                <span
                  className="inline-flex items-center gap-1 text-lg font-semibold text-emerald-700 tabular-nums dark:text-emerald-400"
                  data-testid="score-drop"
                >
                  <TrendingDown aria-hidden className="size-4" />
                  {formatPoints(-r.scoreDrop)}
                  <span className="sr-only"> points off the score</span>
                </span>
                <Link
                  to={findingAssetPath(r.assetId)}
                  className="text-xs whitespace-nowrap text-slate-600 hover:text-sky-700 hover:underline dark:text-slate-400 dark:hover:text-sky-400"
                >
                  {r.assetKey} {formatScore(r.assetScoreBefore)} → {formatScore(r.assetScoreAfter)}
                  <span className="sr-only"> (asset score before and after)</span>
                </Link>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
