import { lazy, Suspense, useMemo } from "react";
import { useDarkTheme } from "@/lib/use-dark";
import type { ChartOption } from "./echart";

const EChart = lazy(() => import("./echart"));

/** Colours for both themes; the second series is hatched-looking by being much lighter. */
function usePalette() {
  const dark = useDarkTheme();
  return {
    text: dark ? "#cbd5e1" : "#334155",
    grid: dark ? "#334155" : "#e2e8f0",
    series: dark ? ["#38bdf8", "#64748b", "#f87171"] : ["#0369a1", "#94a3b8", "#b91c1c"],
    tooltip: {
      backgroundColor: dark ? "#0f172a" : "#ffffff",
      borderColor: dark ? "#334155" : "#e2e8f0",
      textStyle: { color: dark ? "#f1f5f9" : "#0f172a" },
    },
  };
}

function Frame({ option, height, summary }: { option: ChartOption; height: string; summary: string }) {
  return (
    <figure className="m-0">
      <Suspense fallback={<div className={`${height} animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800`} />}>
        <EChart option={option} className={`${height} w-full`} />
      </Suspense>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}

export type Series = { name: string; values: number[] };

/** Bars per category, one series per period; the figures are in the table beside it. */
export function BarsChart({
  categories,
  series,
  horizontal = false,
  height = "h-56",
  summary,
}: {
  categories: string[];
  series: Series[];
  horizontal?: boolean;
  height?: string;
  summary: string;
}) {
  const c = usePalette();
  const option = useMemo<ChartOption>(() => {
    const category = {
      type: "category" as const,
      data: categories,
      inverse: horizontal,
      axisTick: { show: false },
      axisLabel: { color: c.text, interval: 0 },
      axisLine: { lineStyle: { color: c.grid } },
    };
    const value = {
      type: "value" as const,
      minInterval: 1,
      splitLine: { lineStyle: { color: c.grid } },
      axisLabel: { color: c.text },
    };
    return {
      animationDuration: 300,
      tooltip: { trigger: "axis", ...c.tooltip },
      legend: series.length > 1 ? { top: 0, left: 0, textStyle: { color: c.text } } : undefined,
      grid: { left: 8, right: 24, top: series.length > 1 ? 36 : 12, bottom: 4, containLabel: true },
      xAxis: horizontal ? value : category,
      yAxis: horizontal ? category : value,
      series: series.map((s, i) => ({
        type: "bar" as const,
        name: s.name,
        data: s.values,
        barMaxWidth: 28,
        itemStyle: { color: c.series[i % c.series.length], borderRadius: horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0] },
        label: {
          show: true,
          position: horizontal ? ("right" as const) : ("top" as const),
          color: c.text,
          formatter: (p: { value: unknown }) => (p.value ? String(p.value) : ""),
        },
      })),
    };
  }, [categories, series, horizontal, c]);
  return <Frame option={option} height={height} summary={summary} />;
}

/** A daily value as a line. */
export function LineTrend({
  labels,
  values,
  name,
  max,
  height = "h-48",
  summary,
}: {
  labels: string[];
  values: number[];
  name: string;
  max?: number;
  height?: string;
  summary: string;
}) {
  const c = usePalette();
  const option = useMemo<ChartOption>(
    () => ({
      animationDuration: 300,
      tooltip: { trigger: "axis", ...c.tooltip },
      grid: { left: 8, right: 16, top: 12, bottom: 4, containLabel: true },
      xAxis: {
        type: "category",
        data: labels,
        boundaryGap: false,
        axisLabel: { color: c.text },
        axisLine: { lineStyle: { color: c.grid } },
      },
      yAxis: { type: "value", min: 0, max, splitLine: { lineStyle: { color: c.grid } }, axisLabel: { color: c.text } },
      series: [
        {
          type: "line",
          name,
          data: values,
          symbol: "circle",
          symbolSize: 6,
          lineStyle: { color: c.series[0], width: 2 },
          itemStyle: { color: c.series[0] },
        },
      ],
    }),
    [labels, values, name, max, c],
  );
  return <Frame option={option} height={height} summary={summary} />;
}

/** Alerts per bucket: all of them, and the critical ones in front. */
export function VolumeChart({
  labels,
  total,
  critical,
  summary,
}: {
  labels: string[];
  total: number[];
  critical: number[];
  summary: string;
}) {
  const c = usePalette();
  const option = useMemo<ChartOption>(
    () => ({
      animationDuration: 300,
      tooltip: { trigger: "axis", ...c.tooltip },
      legend: { top: 0, left: 0, textStyle: { color: c.text } },
      grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
      xAxis: {
        type: "category",
        data: labels,
        axisTick: { show: false },
        axisLabel: { color: c.text, hideOverlap: true },
        axisLine: { lineStyle: { color: c.grid } },
      },
      yAxis: { type: "value", minInterval: 1, splitLine: { lineStyle: { color: c.grid } }, axisLabel: { color: c.text } },
      series: [
        { type: "bar", name: "All alerts", data: total, barGap: "-100%", barMaxWidth: 22, itemStyle: { color: c.series[1] } },
        { type: "bar", name: "Critical", data: critical, barMaxWidth: 22, itemStyle: { color: c.series[2] } },
      ],
    }),
    [labels, total, critical, c],
  );
  return <Frame option={option} height="h-56" summary={summary} />;
}
