import { type Benchmark, type Figure, percentile, sample } from "./harness";
import { COUNT, openMillion } from "./million";

/** The generator's 30 days, as a custom period ending on the data's "now" (2026-11-21). */
const PERIOD = "period=custom&from=2026-10-23&to=2026-11-21&tz=UTC";
const MB = 1024 * 1024;

/** Peak RSS above the starting point while `fn` runs (sampled every 5 ms), in MB. */
async function peakGrowth(fn: () => Promise<unknown>): Promise<number> {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  await fn();
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return (peak - start) / MB;
}

/**
 * Reports on the million-alert database (issue 14): the executive and service reports for all
 * five tenants over the data's 30 days as JSON and as PDF, against the alert list's first page
 * in the same run; RSS growth over ten PDFs in a row; and the incidents report's PDF with 100
 * and with 1,000 incidents in the period, to show its memory does not grow with the incidents.
 * Targets: JSON p95 under 500 ms, PDF p95 under 2 s, under 150 MB growth over ten.
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

    // Incidents in the period: 100, then 1,000 (made through the API, as an analyst would).
    const session = await million.app.inject({ method: "GET", url: "/api/v1/auth/session", headers: { cookie: million.cookie } });
    const csrf = session.json().csrfToken as string;
    const csrfCookie = session.cookies.find((c) => c.name === "wf_csrf")?.value;
    const tenantId = million.tenants[0]?.id ?? "";
    const make = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const created = await million.app.inject({
          method: "POST",
          url: "/api/v1/incidents",
          headers: { cookie: `${million.cookie}; wf_csrf=${csrfCookie}`, "x-csrf-token": csrf },
          payload: {
            tenantId,
            title: `Bench incident ${i} with a title of ordinary length`,
            priority: ["Critical", "High", "Medium", "Low"][i % 4],
          },
        });
        if (created.statusCode !== 201) throw new Error(`incident -> ${created.statusCode} ${created.body.slice(0, 200)}`);
      }
    };
    // Incidents are dated now (the real clock): a period of the last 7 days holds them.
    const incidents = `/api/v1/reports/incidents.pdf?period=last7&tz=UTC&tenants=${tenantId}`;
    await make(100);
    await get(incidents);
    const hundred = await peakGrowth(() => get(incidents));
    const hundredMs = percentile(await sample(() => get(incidents), 3, 0), 95);
    await make(900);
    await get(incidents);
    const thousand = await peakGrowth(() => get(incidents));
    const thousandMs = percentile(await sample(() => get(incidents), 3, 0), 95);
    const small = { name: "100 incidents", value: hundred };
    figures.push({ name: "incidents PDF, 100 incidents: peak RSS growth", value: hundred, unit: "MB" });
    figures.push({ name: "incidents PDF, 1,000 incidents: peak RSS growth", value: thousand, unit: "MB", baseline: small });
    figures.push({ name: "incidents PDF, 100 incidents", value: hundredMs, unit: "ms p95" });
    figures.push({
      name: "incidents PDF, 1,000 incidents",
      value: thousandMs,
      unit: "ms p95",
      baseline: { name: "100 incidents", value: hundredMs },
    });
    await million.close();
    return figures;
  },
};
