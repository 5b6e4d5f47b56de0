import { type EChartsCoreOption, init } from "echarts/core";
import { useEffect, useRef } from "react";

/**
 * One ECharts chart drawn as SVG, following its element's size (the sidebar animates its width
 * and cards reflow at breakpoints). Each feature registers only the chart types it draws
 * (`use([...])` in its own lazily loaded module) and renders this, so ECharts stays out of the
 * first bundle. The chart is decoration for sighted readers: callers give its figures as text
 * or a table beside it.
 */
export function EChartView({
  option,
  onSelect,
  className,
}: {
  option: EChartsCoreOption;
  onSelect?: (dataIndex: number) => void;
  className?: string;
}) {
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

  return <div ref={ref} aria-hidden className={className} />;
}
