import type { CtemScopeDetail } from "@watchfloor/shared";
import { lazy, Suspense, useMemo } from "react";
import { chartPalette, useDarkTheme } from "@/lib/use-dark";
import type { ScoreTrendOption } from "./score-trend-echart";

const ScoreTrendEChart = lazy(() => import("./score-trend-echart"));

/** The scope's score per day (daily snapshots) ending with today's live score. */
export function ScoreTrend({ trend }: { trend: CtemScopeDetail["trend"] }) {
  const dark = useDarkTheme();
  const option = useMemo<ScoreTrendOption>(() => {
    const { text, grid, tooltipBg, tooltipBorder, tooltipText } = chartPalette(dark);
    const color = dark ? "#fca5a5" : "#b91c1c";
    return {
      animationDuration: 300,
      grid: { left: 8, right: 16, top: 12, bottom: 8, containLabel: true },
      tooltip: { trigger: "axis", backgroundColor: tooltipBg, borderColor: tooltipBorder, textStyle: { color: tooltipText } },
      xAxis: {
        type: "category",
        data: trend.map((p) => p.date.slice(5)),
        axisLabel: { color: text, hideOverlap: true },
        axisLine: { lineStyle: { color: grid } },
      },
      yAxis: { type: "value", min: 0, max: 100, axisLabel: { color: text }, splitLine: { lineStyle: { color: grid } } },
      series: [{ type: "line", name: "Score", data: trend.map((p) => p.score), lineStyle: { color }, itemStyle: { color } }],
    };
  }, [trend, dark]);
  const first = trend[0];
  const last = trend.at(-1);
  return (
    <figure>
      <Suspense fallback={<div className="h-40" />}>
        <ScoreTrendEChart option={option} className="h-40 w-full" />
      </Suspense>
      <figcaption className="text-xs text-slate-600 dark:text-slate-400" data-testid="ctem-trend-caption">
        Exposure score per day from daily snapshots since {first?.date}; {last?.score ?? 0} now.
      </figcaption>
    </figure>
  );
}
