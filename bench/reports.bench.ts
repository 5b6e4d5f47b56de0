import { type Benchmark, type Figure, percentile, sample } from "./harness";
import { COUNT, openMillion } from "./million";

/** The generator's 30 days, as a custom period ending on the data's "now" (2026-11-21). */
const PERIOD = "period=custom&from=2026-10-23&to=2026-11-21&tz=UTC";
const MB = 1024 * 1024;

/**
 * Reports on the million-alert database (issue 14): the executive and service reports for all
 * five tenants over the data's 30 days as JSON and as PDF, against the alert list's first page
 * in the same run; RSS growth over ten PDFs in a row (the incidents report's PDF is measured in
 * reports-incidents.bench.ts). Targets: JSON p95 under 500 ms, PDF p95 under 2 s, under 150 MB growth over ten.
 */
export const benchmark: Benchmark = {
  title: `Reports on ${COUNT.toLocaleString("en")} alerts, five tenants (SQLite, app.inject)`,
  async run() {
    const million = await openMillion();
    const get = async (url: string) => {
      const response = await million.get(url);
      if (response.statusCode !== 200) throw new Error(`${url} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
      return response;
    };
    const p95 = async (url: string, n: number) => percentile(await sample(() => get(url), n, 1), 95);
    const baseline = { name: "alert list first page", value: await p95("/api/v1/alerts", 8) };
    const figures: Figure[] = [{ name: "alert list first page (baseline)", value: baseline.value, unit: "ms p95" }];
    for (const kind of ["executive", "service"] as const) {
      figures.push({
        name: `${kind} JSON, all tenants, 30 days`,
        value: await p95(`/api/v1/reports/${kind}?${PERIOD}`, 8),
        unit: "ms p95",
        baseline,
      });
      figures.push({
        name: `${kind} PDF, all tenants, 30 days`,
        value: await p95(`/api/v1/reports/${kind}.pdf?${PERIOD}`, 6),
        unit: "ms p95",
        baseline,
      });
    }
    global.gc?.();
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 10; i++) await get(`/api/v1/reports/${i % 2 ? "service" : "executive"}.pdf?${PERIOD}`);
    global.gc?.();
    figures.push({ name: "RSS growth over ten PDFs in a row", value: (process.memoryUsage().rss - before) / MB, unit: "MB" });

    await million.close();
    return figures;
  },
};
