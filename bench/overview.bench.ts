import { type Benchmark, type Figure, percentile, sample } from "./harness";
import { COUNT, NOW, openMillion } from "./million";

/**
 * The security-overview APIs on the million-alert database: dashboard summary, ATT&CK matrix
 * and coverage, against the plain first page of the alert list measured in the same run.
 */
export const benchmark: Benchmark = {
  title: `Security overview APIs on ${COUNT.toLocaleString("en")} alerts (SQLite, app.inject, p95 of 8 calls)`,
  async run() {
    const million = await openMillion();
    const p95 = async (url: string) => {
      const probe = await million.get(url);
      if (probe.statusCode !== 200) throw new Error(`${url} -> ${probe.statusCode} ${probe.body.slice(0, 200)}`);
      return percentile(await sample(() => million.get(url), 8, 1), 95);
    };
    const to = new Date(NOW).toISOString();
    const window = (days: number) => `from=${new Date(NOW - days * 86_400_000).toISOString()}&to=${to}`;
    const baseline = { name: "alert list first page", value: await p95("/api/v1/alerts") };
    const figures: Figure[] = [{ name: "alert list first page (baseline)", value: baseline.value, unit: "ms p95" }];
    const cases: [string, string][] = [
      ["ATT&CK matrix, 30 days", `/api/v1/attack/matrix?${window(30)}`],
      ["ATT&CK matrix, 7 days", `/api/v1/attack/matrix?${window(7)}`],
      ["ATT&CK coverage, 30 days", `/api/v1/attack/coverage?${window(30)}`],
      ["ATT&CK matrix, one tenant, 30 days", `/api/v1/attack/matrix?${window(30)}`],
      ["dashboard summary, 7 days", `/api/v1/dashboard/summary?${window(7)}`],
      ["dashboard summary, 30 days", `/api/v1/dashboard/summary?${window(30)}`],
    ];
    for (const [name, url] of cases) {
      if (name.includes("one tenant")) {
        const tenant = million.tenants[1]?.id ?? "";
        const one = (u: string) => million.app.inject({ method: "GET", url: u, headers: { cookie: million.cookie, "x-tenant-id": tenant } });
        figures.push({ name, value: percentile(await sample(() => one(url), 8, 1), 95), unit: "ms p95", baseline });
        continue;
      }
      const probe = await million.get(url);
      if (probe.statusCode === 404 && url.includes("/dashboard/")) {
        console.log(`  (${name}: the dashboard API is not in this build)`);
        continue;
      }
      figures.push({ name, value: await p95(url), unit: "ms p95", baseline });
    }
    await million.close();
    return figures;
  },
};
