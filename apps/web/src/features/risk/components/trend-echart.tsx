import { LineChart } from "echarts/charts";
import type { LineSeriesOption } from "echarts/charts";
import { GridComponent, MarkAreaComponent, TooltipComponent } from "echarts/components";
import type { GridComponentOption, MarkAreaComponentOption, TooltipComponentOption } from "echarts/components";
import { type ComposeOption, init, use } from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";

// Only what the trend draws: one line over shaded risk bands, as SVG. Loaded with React.lazy so
// ECharts stays out of the page's own chunk (the dashboard's chart module is another feature's).
use([LineChart, GridComponent, MarkAreaComponent, TooltipComponent, SVGRenderer]);

export type TrendOption = ComposeOption<
  LineSeriesOption | GridComponentOption | MarkAreaComponentOption | TooltipComponentOption
>;

export default function TrendEChart({ option, className }: { option: TrendOption; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const chart = init(element, undefined, { renderer: "svg" });
    chartRef.current = chart;
    // Cards reflow at breakpoints and the sidebar animates: follow the element, not the window.
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    chartRef.current?.setOption(option, { notMerge: true });
  }, [option]);

  // Decoration for sighted readers: the trend card gives the same figures as text beside it.
  return <div ref={ref} aria-hidden className={className} />;
}
