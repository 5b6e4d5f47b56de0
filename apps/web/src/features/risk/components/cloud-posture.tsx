import type { CloudAsset } from "@watchfloor/shared";
import { CloudOff, Globe, Info } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badges";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { findingAssetPath, paths } from "@/config/paths";
import { useCloudPosture } from "../api/get-cloud-posture";
import { formatCount } from "../lib/format";
import { openFindingsLink } from "../lib/links";
import { TableScroll } from "@/components/ui/table-scroll";

const th =
  "px-3 py-2 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:text-slate-400";
const td = "px-3 py-2.5 align-top";

/** Where the cloud configuration checks are: this page holds the vulnerability side of cloud assets. */
function FeedNotice() {
  const link = "font-medium text-sky-900 underline dark:text-sky-200";
  return (
    <section
      aria-labelledby="cloud-feed"
      className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <div className="flex items-start gap-3">
        <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-sky-700 dark:text-sky-300" />
        <div className="space-y-1.5">
          <h2 id="cloud-feed" className="font-semibold">
            Cloud configuration checks
          </h2>
          <p>
            Failed cloud configuration checks imported from Prowler, ScoutSuite, OCSF or Trivy (public buckets, root keys, open
            security groups…) are scored per framework on{" "}
            <Link className={link} to={paths.compliance.cloud}>
              Cloud Compliance
            </Link>{" "}
            and listed per resource on{" "}
            <Link className={link} to={paths.cloudSec}>
              Cloud Sec
            </Link>
            .
          </p>
          <p>
            This page lists the cloud assets Watchfloor knows from vulnerability scans (environment Cloud) and their open
            findings.
          </p>
        </div>
      </div>
    </section>
  );
}

function Severity({ asset }: { asset: CloudAsset }) {
  const s = asset.openBySeverity;
  if (!asset.openFindings) return <span className="text-slate-500 dark:text-slate-400">none</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {s.Critical > 0 && <Badge color="red">{s.Critical} critical</Badge>}
      {s.High > 0 && <Badge color="orange">{s.High} high</Badge>}
      {s.Medium > 0 && <Badge color="amber">{s.Medium} medium</Badge>}
      {s.Low > 0 && <Badge color="slate">{s.Low} low</Badge>}
    </span>
  );
}

const PAGE = 50;

/** Narrow cards: one block per asset instead of a table that would scroll sideways. */
function CloudList({ assets, several }: { assets: CloudAsset[]; several: boolean }) {
  return (
    <ul className="divide-y divide-slate-100 @4xl:hidden dark:divide-slate-800">
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
                {[a.assetKey, a.type, several ? a.tenantName : null, a.site].filter(Boolean).join(" · ")}
              </p>
            </div>
            <Link
              to={openFindingsLink({ assetId: a.assetId })}
              className="shrink-0 text-right text-sm hover:text-sky-700 hover:underline dark:hover:text-sky-400"
            >
              <span className="font-semibold tabular-nums">{formatCount(a.openFindings)}</span> open
              {a.kevFindings > 0 && (
                <span className="block text-xs font-medium text-red-700 dark:text-red-400">{a.kevFindings} KEV</span>
              )}
            </Link>
          </div>
          <div className="flex flex-wrap items-center gap-1">
            <Severity asset={a} />
            {a.internetFacing && (
              <Badge color="sky">
                <Globe aria-hidden className="size-3" /> internet-facing
              </Badge>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function CloudPostureView() {
  const posture = useCloudPosture();
  const [shown, setShown] = useState(PAGE);
  if (posture.isPending) return <LoadingState label="Loading cloud assets" />;
  if (posture.isError)
    return <ErrorState title="Could not load cloud posture" error={posture.error} onRetry={() => posture.refetch()} />;
  const { totals, assets, truncated } = posture.data;
  const several = new Set(assets.map((a) => a.tenantId)).size > 1;
  const figures = [
    ["Cloud assets", totals.assets, "cloud-assets"],
    ["With open findings", totals.withOpenFindings, "cloud-with-findings"],
    ["Open findings", totals.openFindings, "cloud-open-findings"],
    ["Known exploited (KEV)", totals.kevFindings, "cloud-kev"],
    ["Internet-facing", totals.internetFacing, "cloud-internet"],
  ] as const;
  return (
    <div className="space-y-6" data-testid="cloud-posture">
      <FeedNotice />
      {totals.assets === 0 ? (
        <EmptyState title="No cloud assets yet" icon={<CloudOff aria-hidden className="size-8" />}>
          Assets get the Cloud environment when a scanner reports a cloud resource (Trivy, OCSF findings with a cloud provider) or
          when the inventory says so. Import a scan from Risk → Vulnerabilities.
        </EmptyState>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {figures.map(([label, value, id]) => (
              <div
                key={id}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
              >
                <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
                <dd data-testid={id} className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">
                  {formatCount(value)}
                </dd>
              </div>
            ))}
          </dl>
          <Card title="Cloud assets and their open findings">
            <div className="@container">
              <CloudList assets={assets.slice(0, shown)} several={several} />
              <TableScroll label="Cloud assets" className="hidden @4xl:block">
                <table className="w-full min-w-[48rem] text-sm" data-testid="cloud-assets-table">
                  <caption className="sr-only">
                    Cloud assets, most open findings first. Each links to its asset page and its findings.
                  </caption>
                  <thead className="border-b border-slate-200 dark:border-slate-800">
                    <tr>
                      <th scope="col" className={`${th} pl-5`}>
                        Asset
                      </th>
                      {several && (
                        <th scope="col" className={th}>
                          Tenant
                        </th>
                      )}
                      <th scope="col" className={th}>
                        Site
                      </th>
                      <th scope="col" className={`${th} text-right`}>
                        Open
                      </th>
                      <th scope="col" className={th}>
                        By severity
                      </th>
                      <th scope="col" className={`${th} text-right`}>
                        Max CVSS
                      </th>
                      <th scope="col" className={`${th} pr-5`}>
                        Last seen
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                    {assets.slice(0, shown).map((a) => (
                      <tr key={a.assetId} data-testid="cloud-asset-row" className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
                        <th scope="row" className={`${td} pl-5 text-left font-normal`}>
                          <Link
                            to={findingAssetPath(a.assetId)}
                            className="font-medium text-slate-900 hover:text-sky-700 hover:underline dark:text-white dark:hover:text-sky-400"
                          >
                            {a.name}
                          </Link>
                          <p className="flex flex-wrap items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
                            {a.assetKey} · {a.type}
                            {a.internetFacing && (
                              <Badge color="sky">
                                <Globe aria-hidden className="size-3" /> internet-facing
                              </Badge>
                            )}
                          </p>
                        </th>
                        {several && <td className={`${td} whitespace-nowrap`}>{a.tenantName}</td>}
                        <td className={`${td} text-slate-700 dark:text-slate-300`}>{a.site ?? "—"}</td>
                        <td className={`${td} text-right font-semibold tabular-nums`}>
                          <Link
                            to={openFindingsLink({ assetId: a.assetId })}
                            className="hover:text-sky-700 hover:underline dark:hover:text-sky-400"
                          >
                            {formatCount(a.openFindings)}
                          </Link>
                          {a.kevFindings > 0 && (
                            <p className="text-xs font-medium text-red-700 dark:text-red-400">{a.kevFindings} KEV</p>
                          )}
                        </td>
                        <td className={td}>
                          <Severity asset={a} />
                        </td>
                        <td className={`${td} text-right tabular-nums`}>{a.maxScore == null ? "—" : a.maxScore.toFixed(1)}</td>
                        <td className={`${td} pr-5 whitespace-nowrap text-slate-700 dark:text-slate-300`}>
                          <time dateTime={a.lastSeenAt}>{a.lastSeenAt.slice(0, 10)}</time>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </div>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400">
              <p data-testid="cloud-shown">
                Showing {formatCount(Math.min(shown, assets.length))} of {formatCount(totals.assets)} cloud assets, most open
                findings first
                {truncated ? ` (the page lists the first ${formatCount(assets.length)})` : ""}.
              </p>
              {shown < assets.length && (
                <Button variant="secondary" size="sm" onClick={() => setShown((n) => n + PAGE)}>
                  Show {formatCount(Math.min(PAGE, assets.length - shown))} more
                </Button>
              )}
            </div>
          </Card>
        </>
      )}
    </div>
  );
}
