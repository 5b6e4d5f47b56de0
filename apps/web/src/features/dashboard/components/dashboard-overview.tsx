import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { useCurrentUser } from "@/lib/session";
import { useDashboardSummary } from "../api/get-dashboard-summary";
import { listLink } from "../lib/links";
import { type DashboardRange, parseRange } from "../lib/range";
import { KpiGrid } from "./kpi-grid";
import { OutcomesCard } from "./outcomes-card";
import { OverTimeChart } from "./over-time-chart";
import { PriorityChart } from "./priority-chart";
import { TenantTable } from "./tenant-table";
import { TopList } from "./top-list";

/** The range in the URL, as instants in the person's time zone; stable until the URL changes. */
export function useDashboardRange(): DashboardRange {
  const [params] = useSearchParams();
  const timeZone = useCurrentUser().preferences.timeZone;
  // useSearchParams hands back the same object until the query string changes.
  return useMemo(() => parseRange(params, timeZone), [params, timeZone]);
}

export function DashboardOverview({ range }: { range: DashboardRange }) {
  const timeZone = useCurrentUser().preferences.timeZone;
  const summary = useDashboardSummary(range.from, range.to);

  if (summary.isPending) return <LoadingState label="Loading the overview" />;
  if (summary.isError)
    return <ErrorState title="Could not load the overview" error={summary.error} onRetry={() => summary.refetch()} />;
  const s = summary.data;
  if (!s.alerts.current) {
    return (
      <EmptyState title="No alerts in this range">
        Nothing was detected in {range.label} in the tenants in scope. Pick a longer range, or another tenant in the header.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-6" aria-busy={summary.isFetching}>
      <KpiGrid summary={s} range={range} timeZone={timeZone} />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card title={`Alerts detected per ${s.bucket}`} className="min-w-0 lg:col-span-2">
          <OverTimeChart summary={s} range={range} timeZone={timeZone} />
        </Card>
        <Card title="Open alerts by priority" className="min-w-0">
          <PriorityChart summary={s} range={range} />
        </Card>
      </div>
      {s.tenants && <TenantTable rows={s.tenants} range={range} />}
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <TopList
          title="Top rules"
          testId="top-rules"
          items={s.topRules}
          empty="No rules in this range."
          linkFor={(i) => listLink("all", range, { rule: i.key })}
        />
        <TopList
          title="Top ATT&CK techniques"
          testId="top-techniques"
          items={s.topTechniques}
          empty="No techniques mapped in this range."
          linkFor={(i) => listLink("all", range, { technique: i.key })}
        />
        <TopList
          title="Analyst workload (open)"
          testId="workload"
          items={s.workload}
          empty="No open alerts."
          linkFor={(i) => listLink("open", range, { assignee: i.key })}
        />
        <TopList
          title="Top assets"
          testId="top-hosts"
          items={s.topHosts}
          empty="No hostnames in this range."
          linkFor={(i) => listLink("all", range, { host: i.key })}
        />
        <TopList
          title="Top users"
          testId="top-users"
          items={s.topUsers}
          empty="No user names in this range."
          linkFor={(i) => listLink("all", range, { user: i.key })}
        />
        <OutcomesCard summary={s} range={range} />
      </div>
    </div>
  );
}
