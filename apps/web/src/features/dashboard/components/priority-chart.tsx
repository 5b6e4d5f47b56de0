import { type DashboardSummary, priorities } from "@watchfloor/shared";
import { useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { listLink } from "../lib/links";
import type { DashboardRange } from "../lib/range";
import { chartPalette, useDarkTheme } from "@/lib/use-dark";
import { ChartFrame } from "./chart-frame";

const order = [...priorities].reverse();

/** Open alerts by priority as horizontal bars; a bar opens the open list for that priority. */
export function PriorityChart({ summary, range }: { summary: DashboardSummary; range: DashboardRange }) {
  const dark = useDarkTheme();
  const navigate = useNavigate();
  const byPriority = summary.openByPriority;
  const palette = chartPalette(dark);
  const counts = order.map((p) => byPriority[p] ?? 0);
  const option = useMemo(() => {
    const values = order.map((p) => byPriority[p] ?? 0);
    const c = chartPalette(dark);
    return {
      animationDuration: 300,
      grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
      tooltip: {
        trigger: "item" as const,
        backgroundColor: c.tooltipBg,
        borderColor: c.tooltipBorder,
        textStyle: { color: c.tooltipText },
      },
      xAxis: {
        type: "value" as const,
        splitLine: { lineStyle: { color: c.grid } },
        // Each bar carries its value; axis numbers would crowd a narrow card.
        axisLabel: { show: false },
        minInterval: 1,
      },
      yAxis: {
        type: "category" as const,
        inverse: true,
        data: order,
        axisLabel: { color: c.text, fontSize: 13 },
        axisLine: { lineStyle: { color: c.grid } },
        axisTick: { show: false },
      },
      series: [
        {
          type: "bar" as const,
          name: "Open alerts",
          barMaxWidth: 26,
          label: { show: true, position: "right" as const, color: c.text, fontWeight: "bold" as const },
          data: order.map((p, i) => ({ value: values[i], itemStyle: { color: c.priority[p], borderRadius: [0, 4, 4, 0] } })),
        },
      ],
    };
  }, [dark, byPriority]);
  const text = order.map((p, i) => `${p} ${counts[i]}`).join(", ");
  return (
    <>
      <ChartFrame
        option={option}
        height="h-48"
        onSelect={(i) => navigate(listLink("open", range, { priority: order[i] ?? "" }))}
        summary={`Open alerts by priority, ${range.label}: ${text}.`}
        table={
          <table>
            <caption>Open alerts by priority</caption>
            <thead>
              <tr>
                <th scope="col">Priority</th>
                <th scope="col">Open alerts</th>
              </tr>
            </thead>
            <tbody>
              {order.map((p, i) => (
                <tr key={p}>
                  <th scope="row">{p}</th>
                  <td>{counts[i]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      {/* The same figures as links, for keyboard users and anyone who prefers text to bars. */}
      <ul className="mt-3 flex flex-wrap gap-2 text-sm">
        {order.map((p, i) => (
          <li key={p}>
            <Link
              to={listLink("open", range, { priority: p })}
              className="inline-flex items-center gap-1.5 rounded-md border border-slate-200 px-2 py-1 text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <span aria-hidden className="size-2 rounded-full" style={{ backgroundColor: palette.priority[p] }} />
              {p} <span className="font-semibold tabular-nums">{counts[i]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
