import { BarChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import { type ComposeOption, use } from "echarts/core";
import type { BarSeriesOption } from "echarts/charts";
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from "echarts/components";
import { SVGRenderer } from "echarts/renderers";
import { EChartView } from "@/components/ui/echart-view";

// Only what the overview draws: bar charts with axes, a tooltip and a legend, rendered as SVG
// (crisp at any zoom, lighter than canvas for a few dozen bars). This module is loaded with
// React.lazy, so ECharts lands in its own chunk, outside the initial bundle.
use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = ComposeOption<BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

export default function EChart(props: {
  option: ChartOption;
  className?: string /** Called with the category index of a clicked bar. */;
  onSelect?: (dataIndex: number) => void;
}) {
  return <EChartView {...props} />;
}
