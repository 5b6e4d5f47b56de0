/**
 * Charts for report PDFs: ECharts rendered on the server to SVG strings, which pdfmake draws as
 * vectors (sharp at any zoom, selectable labels). Made to read in black and white: greys of
 * clearly different darkness, a hatch pattern on the second series and every bar labelled with
 * its value. ECharts is loaded on the first chart, not when the server starts.
 */

export interface ChartSeries {
  name: string;
  values: number[];
}

const INK = "#1f1f1f";
const GREYS = ["#3a3a3a", "#9e9e9e", "#d0d0d0"];
/** Diagonal hatching for the second series, so it differs from the first without colour. */
const HATCH = { symbol: "rect", dashArrayX: [1, 0], dashArrayY: [3, 3], rotation: -Math.PI / 4, color: "rgba(0,0,0,0.55)" };
const FONT = "Roboto";

type EChartsModule = typeof import("echarts");
let echartsModule: Promise<EChartsModule> | null = null;
const loadEcharts = () => {
  echartsModule ??= import("echarts");
  return echartsModule;
};

async function render(option: Record<string, unknown>, width: number, height: number): Promise<string> {
  const echarts = await loadEcharts();
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width, height });
  try {
    chart.setOption({ animation: false, textStyle: { fontFamily: FONT, color: INK, fontSize: 11 }, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** Bars per category, one series per period; horizontal bars for long category names. */
export function barChart(options: {
  categories: string[];
  series: ChartSeries[];
  horizontal?: boolean;
  width?: number;
  height?: number;
}): Promise<string> {
  const { categories, series, horizontal = false, width = 515, height = 200 } = options;
  const categoryAxis = {
    type: "category",
    data: categories,
    inverse: horizontal,
    axisTick: { show: false },
    axisLine: { lineStyle: { color: "#777777" } },
    axisLabel: { color: INK, fontSize: 10, interval: 0, hideOverlap: false },
  };
  const valueAxis = {
    type: "value",
    minInterval: 1,
    splitLine: { lineStyle: { color: "#e2e2e2" } },
    axisLabel: { color: "#555555", fontSize: 9 },
  };
  return render(
    {
      legend:
        series.length > 1
          ? { top: 0, left: 0, itemWidth: 14, itemHeight: 10, textStyle: { fontSize: 10, color: INK } }
          : undefined,
      grid: { left: 8, right: horizontal ? 36 : 8, top: series.length > 1 ? 36 : 18, bottom: 4, containLabel: true },
      xAxis: horizontal ? valueAxis : categoryAxis,
      yAxis: horizontal ? categoryAxis : valueAxis,
      series: series.map((s, i) => ({
        type: "bar",
        name: s.name,
        data: s.values,
        barMaxWidth: 28,
        barGap: "15%",
        itemStyle: { color: GREYS[i % GREYS.length], borderColor: INK, borderWidth: 0.5, decal: i === 1 ? HATCH : undefined },
        label: {
          show: true,
          position: horizontal ? "right" : "top",
          fontSize: 9,
          color: INK,
          formatter: (p: { value: number }) => (p.value ? String(p.value) : ""),
        },
      })),
      aria: { enabled: true, decal: { show: false } },
    },
    width,
    height,
  );
}

/** Alerts per bucket as bars (total), with the critical ones as a darker overlay series. */
export function volumeChart(options: {
  labels: string[];
  total: number[];
  critical: number[];
  width?: number;
  height?: number;
}): Promise<string> {
  const { labels, total, critical, width = 515, height = 180 } = options;
  return render(
    {
      legend: { top: 0, left: 0, itemWidth: 14, itemHeight: 10, textStyle: { fontSize: 10, color: INK } },
      grid: { left: 8, right: 8, top: 26, bottom: 4, containLabel: true },
      xAxis: {
        type: "category",
        data: labels,
        axisTick: { show: false },
        axisLabel: { fontSize: 9, color: INK, hideOverlap: true },
        axisLine: { lineStyle: { color: "#777777" } },
      },
      yAxis: {
        type: "value",
        minInterval: 1,
        splitLine: { lineStyle: { color: "#e2e2e2" } },
        axisLabel: { fontSize: 9, color: "#555555" },
      },
      series: [
        {
          type: "bar",
          name: "All alerts",
          data: total,
          barGap: "-100%",
          barMaxWidth: 22,
          itemStyle: { color: "#bdbdbd", borderColor: "#555555", borderWidth: 0.5 },
        },
        { type: "bar", name: "Critical", data: critical, barMaxWidth: 22, itemStyle: { color: "#2b2b2b" } },
      ],
    },
    width,
    height,
  );
}

/** A daily score as a line with its points marked. */
export function lineChart(options: {
  labels: string[];
  values: number[];
  name: string;
  max?: number;
  width?: number;
  height?: number;
}): Promise<string> {
  const { labels, values, name, max, width = 515, height = 160 } = options;
  return render(
    {
      grid: { left: 8, right: 16, top: 14, bottom: 4, containLabel: true },
      xAxis: {
        type: "category",
        data: labels,
        boundaryGap: false,
        axisLabel: { fontSize: 9, color: INK, hideOverlap: true },
        axisLine: { lineStyle: { color: "#777777" } },
      },
      yAxis: {
        type: "value",
        min: 0,
        max,
        splitLine: { lineStyle: { color: "#e2e2e2" } },
        axisLabel: { fontSize: 9, color: "#555555" },
      },
      series: [
        {
          type: "line",
          name,
          data: values,
          symbol: "circle",
          symbolSize: 5,
          lineStyle: { color: INK, width: 2 },
          itemStyle: { color: INK },
        },
      ],
    },
    width,
    height,
  );
}
