import { alertSortKeys } from "@watchfloor/shared";
import { type Benchmark, type Figure, percentile, sample, sampleRss } from "./harness";
import { COUNT, NOW, openMillion } from "./million";
import { startServe } from "./serve-process";

/**
 * Memory of a real `watchfloor serve` process on the database while it answers the same list
 * queries and a CSV export over HTTP: resident set now and at its peak (VmRSS, VmHWM).
 */
export async function serverMemory(
  databaseUrl: string,
  queries: string[],
  withFullExport = false,
  env: Record<string, string> = {},
): Promise<Figure[]> {
  const server = await startServe(databaseUrl, env);
  try {
    const cookie = await server.signIn();
    const started = server.rss("VmHWM");
    for (let round = 0; round < 5; round++) {
      for (const q of queries) await (await fetch(`${server.url}/api/v1/alerts?${q}`, { headers: { cookie } })).arrayBuffer();
    }
    const drainExport = async (days: number) => {
      const from = new Date(NOW - days * 86_400_000).toISOString();
      const response = await fetch(`${server.url}/api/v1/alerts/export.csv?from=${from}`, { headers: { cookie } });
      for await (const _ of response.body as unknown as AsyncIterable<Uint8Array>) {
        // drain
      }
    };
    await drainExport(3);
    const afterExport = server.rss("VmHWM");
    const figures: Figure[] = [
      { name: "serve process peak RSS after start-up", value: started, unit: "MB" },
      { name: "serve process RSS after queries and export", value: server.rss("VmRSS"), unit: "MB" },
      { name: "serve process peak RSS (VmHWM)", value: afterExport, unit: "MB" },
    ];
    if (withFullExport) {
      // Constant memory: every alert (ten times the 3-day export) moves the peak no further.
      await drainExport(31);
      const baseline = { name: "after the 3-day export", value: afterExport };
      figures.push({ name: "serve peak RSS after exporting every alert", value: server.rss("VmHWM"), unit: "MB", baseline });
    }
    return figures;
  } finally {
    await server.stop();
  }
}

export const benchmark: Benchmark = {
  title: `Alert list API on ${COUNT.toLocaleString("en")} alerts (SQLite, app.inject, p95 of 40 calls)`,
  async run() {
    const million = await openMillion();
    const { tenants, get } = million;
    const p95 = async (url: string, n = 40) => {
      const probe = await get(url);
      if (probe.statusCode !== 200) throw new Error(`${url} -> ${probe.statusCode} ${probe.body.slice(0, 200)}`);
      return percentile(await sample(() => get(url), n, 5), 95);
    };
    const sampleRow = (await get("/api/v1/alerts?limit=1")).json().items[0];
    const baseline = { name: "unfiltered first page", value: await p95("/api/v1/alerts") };
    const figures: Figure[] = [{ name: "first page, no filter, newest first (baseline)", value: baseline.value, unit: "ms p95" }];
    const cases = listCases(sampleRow, tenants);
    for (const [name, query] of [...cases, ...searchCases(sampleRow)])
      figures.push({ name, value: await p95(`/api/v1/alerts?${query}`), unit: "ms p95", baseline });
    figures.push(...(await exportFigures(million)));
    await million.app.close().catch(() => undefined);
    figures.push(
      ...(await serverMemory(
        million.url,
        cases.map(([, query]) => query),
      )),
    );
    await million.close();
    return figures;
  },
};

/** An alert of the list, as the API returns it: its values make the exact-match filters. */
export type SampleAlert = Record<string, string | null> & { mitreTechniques: string[] };

/** Every filter and sort of the list, one at a time (name, query string). */
export function listCases(sampleRow: SampleAlert, tenants: { id: string }[]): [string, string][] {
  const week = new Date(NOW - 7 * 86_400_000).toISOString();
  return [
    ["filter status=Open", "status=Open"],
    ["filter priority=Critical", "priority=Critical"],
    ["filter assignee", `assignee=${encodeURIComponent(sampleRow.assignee ?? "unassigned")}`],
    ["filter one tenant", `tenant=${tenants[2]?.id}`],
    ["filter tactic=Execution", "tactic=Execution"],
    ["filter technique", `technique=${sampleRow.mitreTechniques[0] ?? "T1110"}`],
    ["filter detectionSource", `detectionSource=${encodeURIComponent(sampleRow.detectionSource ?? "Wazuh")}`],
    ["filter ackSla=Missed", "ackSla=Missed"],
    ["filter environment=Cloud", "environment=Cloud"],
    ["filter last 7 days", `from=${week}`],
    ["view=open", "view=open"],
    ["sort priority desc", "sort=priority&dir=desc"],
    ["sort name asc", "sort=name&dir=asc"],
    ["sort assignee asc", "sort=assignee&dir=asc"],
    ["sort status asc", "sort=status&dir=asc"],
    ["sort updatedAt desc", "sort=updatedAt&dir=desc"],
    ["sort source asc", "sort=source&dir=asc"],
    ["filter priority=High + sort name", "priority=High&sort=name&dir=asc"],
    ["filter sourceTool", `sourceTool=${encodeURIComponent(sampleRow.sourceTool ?? "Wazuh")}`],
    ["filter respondSla=At risk", "respondSla=At%20risk"],
    ["filter resolution=Automated", "resolution=Automated"],
    ["filter escalated=Yes", "escalated=Yes"],
    ["filter escalated=No", "escalated=No"],
    ["filter rule (exact)", `rule=${encodeURIComponent(sampleRow.rule ?? sampleRow.name ?? "")}`],
    ["filter host (exact)", `host=${encodeURIComponent(sampleRow.hostname ?? "none")}`],
    ["filter user (exact)", `user=${encodeURIComponent(sampleRow.username ?? "none")}`],
    // Every other column, both ways (migration 0010's indexes).
    ...alertSortKeys
      .filter((key) => !["detectedAt", "priority", "name", "assignee", "status", "updatedAt", "source"].includes(key))
      .flatMap((key) =>
        (["asc", "desc"] as const).map((dir): [string, string] => [`sort ${key} ${dir}`, `sort=${key}&dir=${dir}`]),
      ),
  ];
}

/** Free-text searches for the sample alert's host, address and user. */
export function searchCases(sampleRow: SampleAlert): [string, string][] {
  return [
    ["free text: hostname", sampleRow.hostname],
    ["free text: IP", sampleRow.srcIp],
    ["free text: user", sampleRow.username],
  ].map(([name, q]) => [`${name}`, `q=${encodeURIComponent(String(q ?? "ws"))}`]);
}

/** A CSV export of ~100,000 alerts (from 3 days ago) through app.inject: rows, rows a second, RSS growth. */
export async function exportFigures({ app, cookie }: Awaited<ReturnType<typeof openMillion>>): Promise<Figure[]> {
  const exportFrom = new Date(NOW - 3 * 86_400_000).toISOString();
  if (global.gc) global.gc();
  const rss = sampleRss();
  const started = performance.now();
  const csv = await app.inject({
    method: "GET",
    url: `/api/v1/alerts/export.csv?from=${exportFrom}`,
    headers: { cookie },
    payloadAsStream: true,
  });
  let lines = 0;
  for await (const chunk of (csv as unknown as { stream(): AsyncIterable<Buffer> }).stream())
    for (const b of chunk) if (b === 10) lines++;
  const peak = rss.stop();
  const seconds = (performance.now() - started) / 1000;
  return [
    { name: "CSV export rows (from 3 days ago)", value: lines - 1, unit: "rows" },
    { name: "CSV export rate", value: (lines - 1) / seconds, unit: "rows/s" },
    { name: "RSS growth during export", value: (peak - rss.before) / 1048576, unit: "MB" },
  ];
}
