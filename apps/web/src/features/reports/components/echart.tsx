import { BarChart, LineChart } from "echarts/charts";
import type { BarSeriesOption, LineSeriesOption } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from "echarts/components";
import { type ComposeOption, use } from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { EChartView } from "@/components/ui/echart-view";

// Bars and lines with axes, a tooltip and a legend, drawn as SVG. Loaded with React.lazy, so
// ECharts stays out of the first bundle.
use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

export default function EChart(props: { option: ChartOption; className?: string }) {
  return <EChartView {...props} />;
}
