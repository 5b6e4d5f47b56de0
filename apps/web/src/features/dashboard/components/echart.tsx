import { BarChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import { type ComposeOption, init, use } from "echarts/core";
import type { BarSeriesOption } from "echarts/charts";
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from "echarts/components";
import { SVGRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";

// Only what the overview draws: bar charts with axes, a tooltip and a legend, rendered as SVG
// (crisp at any zoom, lighter than canvas for a few dozen bars). This module is loaded with
// React.lazy, so ECharts lands in its own chunk, outside the initial bundle.
use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = ComposeOption<BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

type Props = {
  option: ChartOption;
  /** Called with the category index of a clicked bar. */
  onSelect?: (dataIndex: number) => void;
  className?: string;
};

export default function EChart({ option, onSelect, className }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<ReturnType<typeof init> | null>(null);
  const selectRef = useRef(onSelect);
  selectRef.current = onSelect;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const chart = init(element, undefined, { renderer: "svg" });
    chartRef.current = chart;
    chart.on("click", (event) => selectRef.current?.(event.dataIndex));
    // The sidebar animates its width and cards reflow at breakpoints: follow the element, not the window.
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

  // The chart is decoration for sighted readers; each chart ships a text alternative beside it.
  return <div ref={ref} aria-hidden className={className} />;
}
