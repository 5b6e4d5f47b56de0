import { LineChart } from "echarts/charts";
import type { LineSeriesOption } from "echarts/charts";
import { GridComponent, TooltipComponent } from "echarts/components";
import type { GridComponentOption, TooltipComponentOption } from "echarts/components";
import { type ComposeOption, use } from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { EChartView } from "@/components/ui/echart-view";

// Only what the pass-rate trend draws, as SVG; loaded lazily so ECharts stays out of the page's chunk.
use([LineChart, GridComponent, TooltipComponent, SVGRenderer]);

export type PassRateOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption>;

export default function TrendEChart(props: { option: PassRateOption; className?: string }) {
  return <EChartView {...props} />;
}
