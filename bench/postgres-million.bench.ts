import { type SampleAlert, exportFigures, listCases, searchCases, serverMemory } from "./alerts-list.bench";
import { type Benchmark, type Figure, percentile, sample } from "./harness";
import { mapCases, seedIncidents } from "./map.bench";
import { COUNT, type Engine, NOW, openMillion } from "./million";
import { apis, windows } from "./overview.bench";

const DAY = 86_400_000;
const CALLS = 20;

interface Case {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

/**
 * The million-alert figures on PostgreSQL beside the same on SQLite, in the same run: the same
 * alerts (the demo generator, seed 1), the same requests through app.inject, one engine's server
 * open at a time. Each figure is PostgreSQL's, with SQLite's as the baseline (ratio above 1: slower
 * on PostgreSQL). Targets (issue 19): list with one filter or sort under 30 ms p95, free text
 * under 100 ms, dashboard, matrix and map under 150 ms, CSV export at constant memory.
 */
export const benchmark: Benchmark = {
  title: `PostgreSQL beside SQLite on ${COUNT.toLocaleString("en")} alerts (app.inject, p95 of ${CALLS} calls; baseline: SQLite)`,
  async run() {
    const sqlite = await measure("sqlite");
    const postgres = await measure("postgres", sqlite.sampleRow);
    return postgres.figures.map((figure) => {
      const twin = sqlite.figures.find((f) => f.name === figure.name);
      return twin ? { ...figure, baseline: { name: "SQLite", value: twin.value } } : figure;
    });
  },
};

async function measure(engine: Engine, given?: SampleAlert): Promise<{ figures: Figure[]; sampleRow: SampleAlert }> {
  const million = await openMillion(engine);
  try {
    const seeded = await seedIncidents(million.ctx.db);
    console.log(`  ${engine}: ${seeded.incidents.toLocaleString("en")} incidents for the map`);
    // The same exact-match values on both engines: the SQLite run's newest alert.
    const sampleRow = given ?? ((await million.get("/api/v1/alerts?limit=1")).json().items[0] as SampleAlert);
    const tenant = million.tenants[1]?.id ?? "";
    const to = new Date(NOW).toISOString();
    const cases: Case[] = [
      { name: "list: first page, no filter", url: "/api/v1/alerts" },
      ...[...listCases(sampleRow, million.tenants), ...searchCases(sampleRow)].map(([name, query]) => ({
        name: `list: ${name}`,
        url: `/api/v1/alerts?${query}`,
      })),
      ...apis.flatMap(([api, path]) =>
        [false, true].flatMap((oneTenant) =>
          windows.map(([label, days]) => ({
            name: `${api}, ${oneTenant ? "one tenant" : "all tenants"}, ${label}`,
            url: `${path}?from=${new Date(NOW - days * DAY).toISOString()}&to=${to}`,
            headers: oneTenant ? { "x-tenant-id": tenant } : undefined,
          })),
        ),
      ),
      ...mapCases(tenant).map(([name, url, headers]) => ({ name, url, headers })),
    ];
    const figures: Figure[] = [];
    for (const { name, url, headers } of cases) {
      const call = () => million.app.inject({ method: "GET", url, headers: { cookie: million.cookie, ...headers } });
      const probe = await call();
      if (probe.statusCode !== 200) throw new Error(`${engine} ${url} -> ${probe.statusCode} ${probe.body.slice(0, 200)}`);
      figures.push({ name, value: percentile(await sample(call, CALLS, 3), 95), unit: "ms p95" });
    }
    figures.push(...(await exportFigures(million)));
    await million.app.close().catch(() => undefined);
    // A real server's resident memory over the list queries and a CSV export of the same copy,
    // then an export of every alert (373 MB of CSV). Under a 128 MB V8 heap cap: with V8's default
    // the heap grows with the garbage of a long export before it collects (measured: 343 to 485
    // MB on SQLite), which hides whether the export itself holds memory.
    const listQueries = cases.filter((c) => c.name.startsWith("list: ")).map((c) => c.url.split("?")[1] ?? "");
    const capped = { NODE_OPTIONS: "--max-old-space-size=128" };
    figures.push(...(await serverMemory(million.url, listQueries, true, capped)));
    return { figures, sampleRow };
  } finally {
    await million.close();
  }
}
