import type { AssetRiskView } from "@watchfloor/shared";
import { Globe, Siren } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badges";
import { Card } from "@/components/ui/page";
import { findingAssetPath } from "@/config/paths";
import { bandStyle, formatCount, formatScore } from "../lib/format";
import { openFindingsLink } from "../lib/links";
import { TableScroll } from "@/components/ui/table-scroll";

const th =
  "px-3 py-2 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:text-slate-400";
const td = "px-3 py-2.5 align-top";

function Multipliers({ a }: { a: AssetRiskView }) {
  return (
    <div className="flex flex-wrap gap-1">
      <Badge color={a.multipliers.impact > 1 ? "amber" : "slate"}>impact ×{a.multipliers.impact}</Badge>
      {a.internetFacing && (
        <Badge color="sky">
          <Globe aria-hidden className="size-3" /> internet ×{a.multipliers.exposure}
        </Badge>
      )}
      {a.openIncidents > 0 && (
        <Badge color="violet">
          <Siren aria-hidden className="size-3" /> {a.openIncidents} incident{a.openIncidents === 1 ? "" : "s"} ×
          {a.multipliers.incidents}
        </Badge>
      )}
    </div>
  );
}

function ScoreBar({ a }: { a: AssetRiskView }) {
  return (
    <div className="flex items-center gap-2">
      <span className={`w-10 text-right font-semibold tabular-nums ${bandStyle[a.band].text}`}>{formatScore(a.score)}</span>
      <span aria-hidden className="h-1.5 w-20 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
        <span className={`block h-full ${bandStyle[a.band].bar}`} style={{ width: `${a.score}%` }} />
      </span>
      <span className="sr-only">{a.band}</span>
    </div>
  );
}

const severityLine = (a: AssetRiskView) =>
  `${a.openBySeverity.Critical} crit · ${a.openBySeverity.High} high${a.kevFindings ? ` · ${a.kevFindings} KEV` : ""}`;

/** Narrow cards: one block per asset instead of a table that would scroll sideways. */
function AssetList({ assets, showTenant }: { assets: AssetRiskView[]; showTenant: boolean }) {
  return (
    <ol className="divide-y divide-slate-100 @3xl:hidden dark:divide-slate-800">
      {assets.map((a) => (
        <li key={a.assetId} className="space-y-1.5 py-3 first:pt-0 last:pb-0">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Link
                to={findingAssetPath(a.assetId)}
                className="font-medium break-words text-slate-900 hover:text-sky-700 hover:underline dark:text-white dark:hover:text-sky-400"
              >
                {a.name}
              </Link>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {a.assetKey} · {a.type}
                {showTenant ? ` · ${a.tenantName}` : ""}
              </p>
            </div>
            <ScoreBar a={a} />
          </div>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <Link
              to={openFindingsLink({ assetId: a.assetId })}
              className="font-semibold hover:text-sky-700 hover:underline dark:hover:text-sky-400"
            >
              {formatCount(a.openFindings)} open
            </Link>{" "}
            · {severityLine(a)} · worst {formatScore(a.worstFindingRisk)}/20
          </p>
          <Multipliers a={a} />
        </li>
      ))}
    </ol>
  );
}

/** The riskiest assets with what makes them so: worst finding, multipliers, incidents. */
export function TopAssets({ assets, showTenant }: { assets: AssetRiskView[]; showTenant: boolean }) {
  return (
    <Card title="Riskiest assets">
      <div className="@container">
        <AssetList assets={assets} showTenant={showTenant} />
        <TableScroll label="Riskiest assets" className="hidden @3xl:block">
          <table className="w-full min-w-[46rem] text-sm" data-testid="top-assets">
            <caption className="sr-only">Assets by risk score, highest first. Each asset links to its page.</caption>
            <thead className="border-b border-slate-200 dark:border-slate-800">
              <tr>
                <th scope="col" className={`${th} pl-5`}>
                  Asset
                </th>
                {showTenant && (
                  <th scope="col" className={th}>
                    Tenant
                  </th>
                )}
                <th scope="col" className={th}>
                  Score
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Open findings
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Worst finding
                </th>
                <th scope="col" className={`${th} pr-5`}>
                  Multipliers
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {assets.map((a) => (
                <tr key={a.assetId} data-testid="top-asset" className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
                  <th scope="row" className={`${td} pl-5 text-left font-normal`}>
                    <Link
                      to={findingAssetPath(a.assetId)}
                      className="font-medium text-slate-900 hover:text-sky-700 hover:underline dark:text-white dark:hover:text-sky-400"
                    >
                      {a.name}
                    </Link>
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      {a.assetKey} · {a.type}
                      {a.businessImpact ? ` · ${a.businessImpact} impact` : ""}
                    </p>
                  </th>
                  {showTenant && <td className={`${td} whitespace-nowrap text-slate-700 dark:text-slate-300`}>{a.tenantName}</td>}
                  <td className={td}>
                    <ScoreBar a={a} />
                  </td>
                  <td className={`${td} text-right whitespace-nowrap`}>
                    <Link
                      to={openFindingsLink({ assetId: a.assetId })}
                      className="font-semibold tabular-nums hover:text-sky-700 hover:underline dark:hover:text-sky-400"
                    >
                      {formatCount(a.openFindings)}
                    </Link>
                    <p className="text-xs text-slate-600 dark:text-slate-400">{severityLine(a)}</p>
                  </td>
                  <td className={`${td} text-right tabular-nums`}>
                    {formatScore(a.worstFindingRisk)}
                    <span className="text-xs text-slate-500 dark:text-slate-400"> / 20</span>
                  </td>
                  <td className={`${td} pr-5`}>
                    <Multipliers a={a} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </div>
    </Card>
  );
}
