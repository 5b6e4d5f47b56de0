import type { VmCampaign, VmCampaignDetail } from "@watchfloor/shared";
import { Download } from "lucide-react";
import { lazy, type ReactNode, Suspense, useMemo } from "react";
import { chartPalette, useDarkTheme } from "@/lib/use-dark";
import { Link, useSearchParams } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { env } from "@/config/env";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { useCampaign, useCampaigns, useCampaignTicket } from "../api/vm";
import { count, figureLink, findingsLink } from "../lib/links";
import type { BurndownOption } from "./burndown-echart";

const BurndownEChart = lazy(() => import("./burndown-echart"));

function Progress({ c }: { c: VmCampaign }) {
  const share = c.total ? Math.round((c.fixed / c.total) * 100) : 0;
  return (
    <div className="min-w-[10rem]">
      <div
        role="progressbar"
        aria-label={`${c.name}: fixed by scans`}
        aria-valuemin={0}
        aria-valuemax={c.total}
        aria-valuenow={c.fixed}
        aria-valuetext={`${c.fixed} of ${c.total} fixed`}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full bg-emerald-600 dark:bg-emerald-400" style={{ width: `${share}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-700 tabular-nums dark:text-slate-300" data-testid="campaign-progress">
        {c.fixed} of {c.total} fixed ({share}%){c.closedOtherwise > 0 && ` · ${c.closedOtherwise} closed by hand`}
      </p>
    </div>
  );
}

function Burndown({ detail }: { detail: VmCampaignDetail }) {
  const dark = useDarkTheme();
  const option = useMemo<BurndownOption>(() => {
    const { text, grid, tooltipBg, tooltipBorder, tooltipText } = chartPalette(dark);
    return {
      animationDuration: 300,
      grid: { left: 8, right: 16, top: 12, bottom: 8, containLabel: true },
      tooltip: {
        trigger: "axis",
        backgroundColor: tooltipBg,
        borderColor: tooltipBorder,
        textStyle: { color: tooltipText },
      },
      xAxis: {
        type: "category",
        data: detail.burndown.map((p) => p.date.slice(5)),
        axisLabel: { color: text, hideOverlap: true },
        axisLine: { lineStyle: { color: grid } },
      },
      yAxis: { type: "value", min: 0, minInterval: 1, axisLabel: { color: text }, splitLine: { lineStyle: { color: grid } } },
      series: [
        {
          type: "line",
          name: "Open",
          step: "end",
          data: detail.burndown.map((p) => p.open),
          lineStyle: { color: dark ? "#7dd3fc" : "#0369a1" },
          itemStyle: { color: dark ? "#7dd3fc" : "#0369a1" },
        },
      ],
    };
  }, [detail, dark]);
  const last = detail.burndown.at(-1);
  return (
    <figure>
      <Suspense fallback={<div className="h-48" />}>
        <BurndownEChart option={option} className="h-48 w-full" />
      </Suspense>
      <figcaption className="text-xs text-slate-600 dark:text-slate-400" data-testid="burndown-caption">
        Burndown: findings not yet fixed by a scan at the end of each day since {detail.burndown[0]?.date}; {last?.open ?? 0} on{" "}
        {last?.date}.
      </figcaption>
    </figure>
  );
}

function CampaignDetail({ id }: { id: string }) {
  const detail = useCampaign(id);
  const ticket = useCampaignTicket(id);
  if (detail.isPending) return <LoadingState label="Loading the campaign" />;
  if (detail.isError)
    return <ErrorState title="Could not load the campaign" error={detail.error} onRetry={() => detail.refetch()} />;
  const c = detail.data;
  return (
    <Card
      title={c.name}
      className="min-w-0"
      actions={ticket.data ? <CopyButton value={JSON.stringify(ticket.data, null, 2)} label="Copy webhook JSON" /> : undefined}
    >
      <div className="space-y-3" data-testid="campaign-detail">
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Owner</dt>
            <dd>{c.ownerName ?? "No owner"}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Due</dt>
            <dd className={c.overdue ? "font-semibold text-red-700 dark:text-red-400" : undefined}>
              {c.dueDate}
              {c.overdue && " (overdue)"}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Open</dt>
            <dd className="tabular-nums">{count(c.open)}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Fixed by scans</dt>
            <dd className="tabular-nums" data-testid="campaign-fixed">
              {count(c.fixed)}
            </dd>
          </div>
        </dl>
        <Progress c={c} />
        {c.fix && (
          <p className="text-sm break-words">
            Fix:{" "}
            <Link to={findingsLink({ fix: c.fix, tenant: c.tenantId })} className={figureLink}>
              {c.fix}
            </Link>
          </p>
        )}
        <Burndown detail={c} />
      </div>
    </Card>
  );
}

/** Remediation campaigns with their progress; the selected one (?campaign=) shows its burndown. */
export function Campaigns() {
  const list = useCampaigns();
  const [params, setParams] = useSearchParams();
  const selected = params.get("campaign");
  const tenantId = useSelectedTenantId();
  const exportHref = `${env.apiBase}/vm/campaigns/export.csv${tenantId ? `?tenantId=${encodeURIComponent(tenantId)}` : ""}`;
  let body: ReactNode;
  if (list.isPending) body = <LoadingState label="Loading campaigns" />;
  else if (list.isError) body = <ErrorState title="Could not load campaigns" error={list.error} onRetry={() => list.refetch()} />;
  else if (list.data.items.length === 0)
    body = <EmptyState title="No campaigns yet">Start one from a fix group: its open findings become the campaign.</EmptyState>;
  else
    body = (
      <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="campaigns">
        {list.data.items.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="campaign-row">
            <div className="min-w-0">
              <button
                type="button"
                className={`${figureLink} text-left break-words`}
                aria-current={selected === c.id ? "true" : undefined}
                onClick={() =>
                  setParams((p) => {
                    const next = new URLSearchParams(p);
                    next.set("campaign", c.id);
                    return next;
                  })
                }
              >
                {c.name}
              </button>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                Due {c.dueDate}
                {c.overdue && " · overdue"} · {c.ownerName ?? "no owner"}
              </p>
            </div>
            <Progress c={c} />
          </li>
        ))}
      </ul>
    );
  return (
    <section id="campaigns" aria-labelledby="vm-campaigns-title" className="scroll-mt-4 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="vm-campaigns-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Remediation campaigns
        </h2>
        <a href={exportHref} className={buttonClass("secondary", "sm")} download>
          <Download aria-hidden className="size-4" /> Jira CSV
        </a>
      </div>
      <div className="grid items-start gap-6 *:min-w-0 xl:grid-cols-2">
        <Card>{body}</Card>
        {selected && <CampaignDetail id={selected} />}
      </div>
    </section>
  );
}
