import { LineChart } from "echarts/charts";
import type { LineSeriesOption } from "echarts/charts";
import { GridComponent, TooltipComponent } from "echarts/components";
import type { GridComponentOption, TooltipComponentOption } from "echarts/components";
import { type ComposeOption, use } from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { EChartView } from "@/components/ui/echart-view";

// Only what the score trend draws, as SVG; loaded with React.lazy so ECharts stays out of the page's chunk.
use([LineChart, GridComponent, TooltipComponent, SVGRenderer]);

export type ScoreTrendOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption>;

export default function ScoreTrendEChart(props: { option: ScoreTrendOption; className?: string }) {
  return <EChartView {...props} />;
}
