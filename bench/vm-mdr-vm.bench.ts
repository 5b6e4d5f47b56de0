import { openFindings } from "./findings-list.bench";
import { type Benchmark, type Figure, percentile, sample } from "./harness";

/**
 * VM (docs/vm.md) on the vulnerable-asset list's 500,000 findings (BENCH_FINDINGS), SQLite through
 * app.inject, all tenants in scope and one tenant; the baseline is the list's first page in the
 * same run. The overview reads the open-findings index and the closed-findings index (migration
 * 0027); fix groups group the open findings by their remediation text.
 */
export const benchmark: Benchmark = {
  title: "VM overview, fix groups and campaigns on the findings bench database (SQLite, app.inject; p95 of 8 calls; short, the machine is shared)",
  async run() {
    const bench = await openFindings();
    const { get, tenants, app } = bench;
    const p95 = async (url: string, n = 8, headers: Record<string, string> = {}) => {
      const call = () => app.inject({ method: "GET", url, headers: { cookie: bench.cookie, ...headers } });
      const probe = await call();
      if (probe.statusCode !== 200) throw new Error(`${url} -> ${probe.statusCode} ${probe.body.slice(0, 200)}`);
      const value = percentile(await sample(call, n, 1), 95);
      console.log(`    ${url} ${JSON.stringify(headers)}: ${value.toFixed(1)} ms p95`);
      return value;
    };
    const baseline = { name: "findings list first page", value: await p95("/api/v1/findings") };
    const figures: Figure[] = [{ name: baseline.name, value: baseline.value, unit: "ms p95" }];
    const one = { "x-tenant-id": tenants[4]?.id ?? "" };
    figures.push({ name: "VM overview, all tenants", value: await p95("/api/v1/vm/overview"), unit: "ms p95", baseline });
    figures.push({ name: "VM overview, one tenant", value: await p95("/api/v1/vm/overview", 8, one), unit: "ms p95", baseline });
    figures.push({ name: "fix groups, all tenants", value: await p95("/api/v1/vm/fix-groups"), unit: "ms p95", baseline });
    figures.push({ name: "fix groups, one tenant", value: await p95("/api/v1/vm/fix-groups", 8, one), unit: "ms p95", baseline });
    figures.push({
      name: "fix groups, text filter",
      value: await p95("/api/v1/vm/fix-groups?q=upgrade"),
      unit: "ms p95",
      baseline,
    });
    const groups = (await get("/api/v1/vm/fix-groups?limit=200")).json() as { items: { fix: string; findings: number }[]; total: number };
    figures.push({ name: "fix groups (count)", value: groups.total, unit: "groups" });
    const largest = groups.items.reduce((a, b) => (b.findings > a.findings ? b : a));
    figures.push({ name: "largest fix group (all tenants)", value: largest.findings, unit: "findings" });
    figures.push({
      name: "list filtered by the largest fix",
      value: await p95(`/api/v1/findings?view=open&fix=${encodeURIComponent(largest.fix)}`),
      unit: "ms p95",
      baseline,
    });
    await bench.close();
    return figures;
  },
};
