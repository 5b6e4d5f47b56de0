import { type RiskSummary, riskModel } from "@watchfloor/shared";
import { lazy, Suspense, useMemo } from "react";
import { useDarkTheme } from "@/lib/use-dark";
import { bandStyle, formatScore, shortDate } from "../lib/format";
import type { TrendOption } from "./trend-echart";

const TrendEChart = lazy(() => import("./trend-echart"));

/** The score per day from the daily snapshots, ending with today's live score, over shaded bands. */
export function TrendChart({ trend }: { trend: RiskSummary["trend"] }) {
  const dark = useDarkTheme();
  const points = trend.points;
  const option = useMemo<TrendOption>(() => {
    const text = dark ? "#cbd5e1" : "#475569";
    const grid = dark ? "#334155" : "#e2e8f0";
    const line = dark ? "#7dd3fc" : "#0369a1";
    const floors = riskModel.bands.map(([band, floor]) => [band, floor] as const);
    const areas = floors.map(([band, floor], i) => [
      {
        yAxis: floor,
        name: band,
        itemStyle: { color: bandStyle[band].hex[dark ? 1 : 0], opacity: dark ? 0.14 : 0.1 },
        label: { show: true, position: "insideRight", color: text, fontSize: 11 },
      },
      { yAxis: i === 0 ? 100 : (floors[i - 1]?.[1] ?? 100) },
    ]);
    return {
      animationDuration: 300,
      grid: { left: 8, right: 16, top: 12, bottom: 8, containLabel: true },
      tooltip: {
        trigger: "axis",
        backgroundColor: dark ? "#0f172a" : "#ffffff",
        borderColor: grid,
        textStyle: { color: dark ? "#f1f5f9" : "#0f172a" },
        valueFormatter: (v) => formatScore(Number(v)),
      },
      xAxis: {
        type: "category",
        boundaryGap: false,
        data: points.map((p) => (p.live ? "Now" : shortDate(p.date))),
        axisLabel: { color: text, hideOverlap: true },
        axisLine: { lineStyle: { color: grid } },
        axisTick: { show: false },
      },
      yAxis: {
        type: "value",
        min: 0,
        max: 100,
        interval: 20,
        axisLabel: { color: text },
        splitLine: { lineStyle: { color: grid } },
      },
      series: [
        {
          type: "line",
          name: "Risk score",
          data: points.map((p) => p.score),
          symbol: "circle",
          symbolSize: points.length > 60 ? 0 : 6,
          showSymbol: points.length <= 60,
          lineStyle: { color: line, width: 2.5 },
          itemStyle: { color: line },
          areaStyle: { color: line, opacity: 0.08 },
          markArea: { silent: true, data: areas as never },
        },
      ],
    };
  }, [dark, points]);

  const first = points[0];
  const last = points.at(-1);
  if (points.length < 2 || !first || !last) {
    return (
      <div className="flex h-56 flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 px-6 text-center dark:border-slate-700">
        <p className="text-3xl font-semibold text-slate-900 tabular-nums dark:text-white">
          {last ? formatScore(last.score) : "—"}
        </p>
        <p className="mt-1 text-sm font-medium text-slate-800 dark:text-slate-200">Today's score: the history starts here</p>
        <p data-testid="trend-caption" className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">
          A snapshot of the score is kept every day, and after each scan or KEV/EPSS import. The line appears from tomorrow.
        </p>
      </div>
    );
  }
  return (
    <figure className="m-0">
      <Suspense fallback={<div className="h-56 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />}>
        <TrendEChart option={option} className="h-56 w-full" />
      </Suspense>
      <figcaption className="mt-2 text-xs text-slate-600 dark:text-slate-400" data-testid="trend-caption">
        {`${points.length - 1} daily snapshot${points.length === 2 ? "" : "s"} since ${shortDate(first.date)}, then today's live score ${formatScore(last.score)}.`}
      </figcaption>
      <table className="sr-only">
        <caption>Risk score per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Score</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <th scope="row">{p.live ? `${p.date} (now)` : p.date}</th>
              <td>{formatScore(p.score)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
