import { LineChart } from "echarts/charts";
import type { LineSeriesOption } from "echarts/charts";
import { GridComponent, MarkAreaComponent, TooltipComponent } from "echarts/components";
import type { GridComponentOption, MarkAreaComponentOption, TooltipComponentOption } from "echarts/components";
import { type ComposeOption, use } from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { EChartView } from "@/components/ui/echart-view";

// Only what the trend draws: one line over shaded risk bands, as SVG. Loaded with React.lazy so
// ECharts stays out of the page's own chunk (the dashboard's chart module is another feature's).
use([LineChart, GridComponent, MarkAreaComponent, TooltipComponent, SVGRenderer]);

export type TrendOption = ComposeOption<
  LineSeriesOption | GridComponentOption | MarkAreaComponentOption | TooltipComponentOption
>;

export default function TrendEChart(props: { option: TrendOption; className?: string }) {
  return <EChartView {...props} />;
}
