import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { alertSortKeys } from "@watchfloor/shared";
import { type Benchmark, type Figure, percentile, sample } from "./harness";
import { COUNT, NOW, PASSWORD, openMillion } from "./million";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Memory of a real `watchfloor serve` process on the database while it answers the same list
 * queries and a CSV export over HTTP: resident set now and at its peak (VmRSS, VmHWM).
 */
async function serverMemory(database: string, queries: string[]): Promise<Figure[]> {
  const bin = path.join(here, "..", "apps", "server", "bin", "watchfloor.mjs");
  const child = spawn(process.execPath, [bin, "serve", "--port", "0", "--no-demo"], {
    env: { ...process.env, WATCHFLOOR_DATABASE_URL: `sqlite:${database}`, WATCHFLOOR_LOG_LEVEL: "warn", NODE_ENV: "test" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.once("exit", () => reject(new Error(`server exited: ${out}`)));
  });
  try {
    const email = "bench@example.test";
    const session = await fetch(`${url}/api/v1/auth/session`);
    const csrf = ((await session.json()) as { csrfToken: string }).csrfToken;
    const anon = session.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const signUp = await fetch(`${url}/api/v1/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": csrf, cookie: anon },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const rss = (key: string) =>
      Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
    const started = rss("VmHWM");
    for (let round = 0; round < 5; round++) {
      for (const q of queries) await (await fetch(`${url}/api/v1/alerts?${q}`, { headers: { cookie } })).arrayBuffer();
    }
    const exportResponse = await fetch(`${url}/api/v1/alerts/export.csv?from=${new Date(NOW - 3 * 86_400_000).toISOString()}`, {
      headers: { cookie },
    });
    for await (const _ of exportResponse.body as unknown as AsyncIterable<Uint8Array>) {
      // drain
    }
    return [
      { name: "serve process peak RSS after start-up", value: started, unit: "MB" },
      { name: "serve process RSS after queries and export", value: rss("VmRSS"), unit: "MB" },
      { name: "serve process peak RSS (VmHWM)", value: rss("VmHWM"), unit: "MB" },
    ];
  } finally {
    child.kill("SIGTERM");
  }
}

export const benchmark: Benchmark = {
  title: `Alert list API on ${COUNT.toLocaleString("en")} alerts (SQLite, app.inject, p95 of 40 calls)`,
  async run() {
    const million = await openMillion();
    const { app, tenants, cookie, get, copy } = million;
    const p95 = async (url: string, n = 40) => {
      const probe = await get(url);
      if (probe.statusCode !== 200) throw new Error(`${url} -> ${probe.statusCode} ${probe.body.slice(0, 200)}`);
      return percentile(await sample(() => get(url), n, 5), 95);
    };
    const sampleRow = (await get("/api/v1/alerts?limit=1")).json().items[0];
    const week = new Date(NOW - 7 * 86_400_000).toISOString();
    const baseline = { name: "unfiltered first page", value: await p95("/api/v1/alerts") };
    const figures: Figure[] = [{ name: "first page, no filter, newest first (baseline)", value: baseline.value, unit: "ms p95" }];
    const cases: [string, string][] = [
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
      ["filter rule (exact)", `rule=${encodeURIComponent(sampleRow.rule ?? sampleRow.name)}`],
      ["filter host (exact)", `host=${encodeURIComponent(sampleRow.hostname ?? "none")}`],
      ["filter user (exact)", `user=${encodeURIComponent(sampleRow.username ?? "none")}`],
      // Every other column, both ways (migration 0010's indexes).
      ...alertSortKeys
        .filter((key) => !["detectedAt", "priority", "name", "assignee", "status", "updatedAt", "source"].includes(key))
        .flatMap((key) =>
          (["asc", "desc"] as const).map((dir): [string, string] => [`sort ${key} ${dir}`, `sort=${key}&dir=${dir}`]),
        ),
    ];
    for (const [name, query] of cases)
      figures.push({ name, value: await p95(`/api/v1/alerts?${query}`), unit: "ms p95", baseline });
    for (const [name, q] of [
      ["free text: hostname", sampleRow.hostname],
      ["free text: IP", sampleRow.srcIp],
      ["free text: user", sampleRow.username],
    ] as const) {
      figures.push({
        name,
        value: await p95(`/api/v1/alerts?q=${encodeURIComponent(String(q ?? "ws"))}`),
        unit: "ms p95",
        baseline,
      });
    }
    // CSV export of ~100,000 rows: rows per second and memory growth while streaming.
    const exportFrom = new Date(NOW - 3 * 86_400_000).toISOString();
    if (global.gc) global.gc();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
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
    clearInterval(timer);
    const seconds = (performance.now() - started) / 1000;
    figures.push({ name: `CSV export rows (from 3 days ago)`, value: lines - 1, unit: "rows" });
    figures.push({ name: "CSV export rate", value: (lines - 1) / seconds, unit: "rows/s" });
    figures.push({ name: "RSS growth during export", value: (peak - rssBefore) / 1048576, unit: "MB" });
    await million.app.close().catch(() => undefined);
    figures.push(
      ...(await serverMemory(
        copy,
        cases.map(([, query]) => query),
      )),
    );
    await million.close();
    return figures;
  },
};
