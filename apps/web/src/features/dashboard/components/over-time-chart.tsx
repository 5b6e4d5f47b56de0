import type { DashboardSummary } from "@watchfloor/shared";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { listLink } from "../lib/links";
import { type DashboardRange, dayOf } from "../lib/range";
import { chartPalette, useDarkTheme } from "@/lib/use-dark";
import { ChartFrame } from "./chart-frame";

type Bucket = DashboardSummary["overTime"][number];

function bucketLabel(start: string, hourly: boolean, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(
      "en-GB",
      hourly ? { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : { timeZone, day: "numeric", month: "short" },
    ).format(new Date(start));
  } catch {
    return start.slice(hourly ? 11 : 5, hourly ? 16 : 10);
  }
}

/** Alerts detected per day (or hour for 24 hours), stacked Critical / High / other priorities. */
export function OverTimeChart({
  summary,
  range,
  timeZone,
}: {
  summary: DashboardSummary;
  range: DashboardRange;
  timeZone: string;
}) {
  const dark = useDarkTheme();
  const navigate = useNavigate();
  const hourly = summary.bucket === "hour";
  const buckets = summary.overTime;
  const labels = useMemo(() => buckets.map((b) => bucketLabel(b.start, hourly, timeZone)), [buckets, hourly, timeZone]);
  const option = useMemo(() => {
    const c = chartPalette(dark);
    const series = (name: string, color: string, pick: (b: Bucket) => number) => ({
      type: "bar" as const,
      name,
      stack: "alerts",
      barMaxWidth: 28,
      itemStyle: { color },
      emphasis: { focus: "series" as const },
      data: buckets.map(pick),
    });
    return {
      animationDuration: 300,
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      legend: { top: 0, left: 0, textStyle: { color: c.text }, itemWidth: 12, itemHeight: 12 },
      tooltip: {
        trigger: "axis" as const,
        axisPointer: { type: "shadow" as const },
        backgroundColor: c.tooltipBg,
        borderColor: c.tooltipBorder,
        textStyle: { color: c.tooltipText },
      },
      xAxis: {
        type: "category" as const,
        data: labels,
        axisLabel: { color: c.text, hideOverlap: true },
        axisLine: { lineStyle: { color: c.grid } },
        axisTick: { show: false },
      },
      yAxis: {
        type: "value" as const,
        minInterval: 1,
        axisLabel: { color: c.text },
        splitLine: { lineStyle: { color: c.grid } },
      },
      series: [
        series("Critical", c.priority.Critical, (b) => b.critical),
        series("High", c.priority.High, (b) => b.high),
        series("Medium and Low", c.other, (b) => b.total - b.critical - b.high),
      ],
    };
  }, [dark, buckets, labels]);

  // A bar opens every alert of that day (the list filters by whole days).
  const dayLink = (b: Bucket) => {
    const day = dayOf(Date.parse(b.start), timeZone);
    return listLink("all", { fromDay: day, toDay: day });
  };
  const total = buckets.reduce((sum, b) => sum + b.total, 0);
  const peak = buckets.reduce<Bucket | null>((best, b) => (!best || b.total > best.total ? b : best), null);
  const peakText = peak?.total
    ? ` Busiest ${hourly ? "hour" : "day"}: ${bucketLabel(peak.start, hourly, timeZone)} with ${peak.total}.`
    : "";
  return (
    <ChartFrame
      option={option}
      height="h-64"
      onSelect={(i) => {
        const b = buckets[i];
        if (b) navigate(dayLink(b));
      }}
      summary={`Alerts detected per ${hourly ? "hour" : "day"}, ${range.label}: ${total} in total.${peakText}`}
      table={
        <table>
          <caption>Alerts detected per {hourly ? "hour" : "day"}</caption>
          <thead>
            <tr>
              <th scope="col">{hourly ? "Hour" : "Day"}</th>
              <th scope="col">All</th>
              <th scope="col">Critical</th>
              <th scope="col">High</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b, i) => (
              <tr key={b.start}>
                <th scope="row">{labels[i]}</th>
                <td>{b.total}</td>
                <td>{b.critical}</td>
                <td>{b.high}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
