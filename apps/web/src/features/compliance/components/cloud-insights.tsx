import type { ComplianceTargetKind } from "@watchfloor/shared";
import { lazy, Suspense } from "react";
import { Card } from "@/components/ui/page";
import { SmallTable } from "@/components/ui/report-parts";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { type BreakdownItem, useBreakdown, useTrend } from "../api/get-compliance";
import { PassRate } from "@/components/ui/compliance-badges";

const TrendEChart = lazy(() => import("./trend-echart"));
const rateText = (rate: number | null | undefined) => (rate == null ? "not scored" : `${rate}%`);

/** Open failures by service or region as bars (the table beside carries the same figures for screen readers). */
function Breakdown({ by, title, targetKind }: { by: "service" | "region"; title: string; targetKind: ComplianceTargetKind }) {
  const breakdown = useBreakdown(by, targetKind);
  if (breakdown.isError) return <ErrorState error={breakdown.error} onRetry={() => breakdown.refetch()} />;
  if (breakdown.isPending) return <LoadingState label={`Loading ${title.toLowerCase()}`} />;
  const items = breakdown.data.items.filter((i: BreakdownItem) => i.fail + i.error + i.pass > 0).slice(0, 12);
  if (items.length === 0) return <EmptyState title="Nothing scored yet" />;
  return (
    <SmallTable
      caption={title}
      testId={`breakdown-${by}`}
      head={[by === "service" ? "Service" : "Region", "Failing", "Pass rate", "Resources"]}
      rows={items.map((i) => [
        i.key ?? "(none)",
        i.fail + i.error,
        <PassRate key="p" rate={i.passRate} label={`${i.key ?? "none"} pass rate`} />,
        i.resources,
      ])}
    />
  );
}

function Trend({ targetKind }: { targetKind: ComplianceTargetKind }) {
  const trend = useTrend(targetKind, 90);
  if (trend.isError) return <ErrorState error={trend.error} onRetry={() => trend.refetch()} />;
  if (trend.isPending) return <LoadingState label="Loading the trend" />;
  const points = trend.data.points;
  if (points.length === 0) return <EmptyState title="No scans in the last 90 days" />;
  const last = points.at(-1);
  const first = points[0];
  return (
    <div>
      <p className="mb-2 text-sm text-slate-700 dark:text-slate-300" data-testid="trend-summary">
        Pass rate {rateText(first?.passRate)} on {first?.day}, {rateText(last?.passRate)} on {last?.day} (
        {last?.targets === 1 ? "1 account" : `${last?.targets} accounts`}).
      </p>
      <Suspense fallback={<LoadingState label="Drawing the chart" />}>
        <TrendEChart
          className="h-48 w-full"
          option={{
            grid: { left: 40, right: 16, top: 16, bottom: 28 },
            tooltip: { trigger: "axis" },
            xAxis: { type: "category", data: points.map((p) => p.day) },
            yAxis: { type: "value", min: 0, max: 100, axisLabel: { formatter: "{value}%" } },
            series: [
              {
                type: "line",
                name: "Pass rate",
                data: points.map((p) => p.passRate),
                showSymbol: false,
                lineStyle: { width: 2 },
              },
            ],
          }}
        />
      </Suspense>
    </div>
  );
}

/** Cloud Compliance's breakdowns and trend. */
export function CloudInsights({ targetKind }: { targetKind: ComplianceTargetKind }) {
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      {/* min-w-0: grid items otherwise grow to their table's width instead of scrolling it. */}
      <Card title="Failing checks by service" className="min-w-0">
        <Breakdown by="service" title="Failing checks by service" targetKind={targetKind} />
      </Card>
      <Card title="Failing checks by region" className="min-w-0">
        <Breakdown by="region" title="Failing checks by region" targetKind={targetKind} />
      </Card>
      <Card title="Pass rate over 90 days" className="min-w-0 xl:col-span-2">
        <Trend targetKind={targetKind} />
      </Card>
    </div>
  );
}
