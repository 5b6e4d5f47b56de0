import { type Benchmark, type Figure, percentile, sample } from "./harness";
import { COUNT, NOW, openMillion } from "./million";

const DAY = 86_400_000;
export const windows: [string, number][] = [
  ["24 hours", 1],
  ["7 days", 7],
  ["30 days", 30],
  ["90 days", 90],
];
export const apis: [string, string][] = [
  ["dashboard summary", "/api/v1/dashboard/summary"],
  ["ATT&CK matrix", "/api/v1/attack/matrix"],
  ["ATT&CK coverage", "/api/v1/attack/coverage"],
];

/**
 * The security-overview APIs on the million-alert database: dashboard summary, ATT&CK matrix
 * and coverage, for all five tenants (none selected) and for one, over the UI's four ranges
 * ending at the data's "now", against the plain first page of the alert list measured in the
 * same run. Target (issue #5): under 150 ms p95 each.
 */
export const benchmark: Benchmark = {
  title: `Security overview APIs on ${COUNT.toLocaleString("en")} alerts (SQLite, app.inject, p95 of 8 calls)`,
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
      return percentile(await sample(() => get(url, oneTenant), 8, 1), 95);
    };
    const to = new Date(NOW).toISOString();
    const baseline = { name: "alert list first page", value: await p95("/api/v1/alerts") };
    const figures: Figure[] = [{ name: "alert list first page (baseline)", value: baseline.value, unit: "ms p95" }];
    for (const [api, path] of apis) {
      for (const oneTenant of [false, true]) {
        for (const [label, days] of windows) {
          const url = `${path}?from=${new Date(NOW - days * DAY).toISOString()}&to=${to}`;
          figures.push({
            name: `${api}, ${oneTenant ? "one tenant" : "all tenants"}, ${label}`,
            value: await p95(url, oneTenant),
            unit: "ms p95",
            baseline,
          });
        }
      }
    }
    await million.close();
    return figures;
  },
};
