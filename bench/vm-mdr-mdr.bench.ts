import { type Benchmark, type Figure, percentile, sample } from "./harness";
import { COUNT, openMillion } from "./million";

const apis: [string, string][] = [
  ["MDR client board", "/api/v1/mdr/board"],
  ["MDR data-source health", "/api/v1/mdr/sources"],
  ["MDR analyst workload", "/api/v1/mdr/workload"],
];

/**
 * The MDR console on the million-alert database (five tenants, MDR on for each as the demo
 * tenants have it): client board, data-source health and analyst workload for all five tenants
 * and for one, against the plain first page of the alert list in the same run. Target (issue
 * #17): board and data-source health under 100 ms p95 for five tenants.
 */
export const benchmark: Benchmark = {
  title: `MDR console APIs on ${COUNT.toLocaleString("en")} alerts (SQLite, app.inject, p95 of 10 calls)`,
  async run() {
    const million = await openMillion();
    const tenant = million.tenants[1]?.id ?? "";
    const get = (url: string, oneTenant: boolean) =>
      million.app.inject({
        method: "GET",
        url,
        headers: { cookie: million.cookie, ...(oneTenant ? { "x-tenant-id": tenant } : {}) },
      });
    const p95 = async (url: string, oneTenant = false) => {
      const probe = await get(url, oneTenant);
      if (probe.statusCode !== 200) throw new Error(`${url} -> ${probe.statusCode} ${probe.body.slice(0, 200)}`);
      return percentile(await sample(() => get(url, oneTenant), 10, 2), 95);
    };
    const baseline = { name: "alert list first page", value: await p95("/api/v1/alerts") };
    const figures: Figure[] = [{ name: "alert list first page (baseline)", value: baseline.value, unit: "ms p95" }];
    for (const [api, path] of apis)
      for (const oneTenant of [false, true])
        figures.push({
          name: `${api}, ${oneTenant ? "one tenant" : "five tenants"}`,
          value: await p95(path, oneTenant),
          unit: "ms p95",
          baseline,
        });
    await million.close();
    return figures;
  },
};
