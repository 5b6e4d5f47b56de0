import { performance } from "node:perf_hooks";
import { alertInputSchema, type Priority } from "@watchfloor/shared";
import SQLite from "better-sqlite3";
import { toAlertRow } from "../apps/server/src/features/alerts/alert-row";
import { generateAlerts } from "../apps/server/src/features/alerts/demo-generator";
import { policyFor } from "../apps/server/src/features/alerts/sla";
import { newId } from "../apps/server/src/lib/tokens";
import { benchApp } from "./bench-app";
import type { Benchmark } from "./harness";

const TOTAL = Number(process.env.BENCH_INGEST_TOTAL ?? 200_000);
const BATCH = 10_000;

/**
 * Bulk ingestion over HTTP (NDJSON batches of 10,000 with a tenant API key, into on-disk SQLite)
 * against a raw better-sqlite3 prepared-statement insert of the same normalised rows into a
 * database with the same schema, both in this run.
 */
export const benchmark: Benchmark = {
  title: `Bulk alert ingestion: ${TOTAL.toLocaleString("en")} alerts over HTTP vs raw prepared inserts`,
  async run() {
    const now = Date.now();
    const alerts = [...generateAlerts({ seed: 7, count: TOTAL, tenants: ["tenant-a"], now, daysBack: 30 })].map((a) => a.alert);
    const batches: string[] = [];
    for (let i = 0; i < alerts.length; i += BATCH) batches.push(alerts.slice(i, i + BATCH).map((a) => JSON.stringify(a)).join("\n"));

    // Baseline: the same rows, normalised, through one prepared INSERT in 10,000-row transactions.
    const raw = await benchApp();
    const rawFile = `${raw.dir}/watchfloor.db`;
    const tenantId = raw.tenants[0]?.id ?? "";
    const rows = alerts.map((a) => {
      const parsed = alertInputSchema.parse(a);
      return toAlertRow(parsed, tenantId, newId(), now, policyFor(parsed.priority as Priority, undefined));
    });
    await raw.app.close();
    const sqlite = new SQLite(rawFile);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    const columns = Object.keys(rows[0] ?? {});
    const insert = sqlite.prepare(`insert into alerts (${columns.join(",")}) values (${columns.map((c) => `@${c}`).join(",")})`);
    const insertMany = sqlite.transaction((chunk: typeof rows) => {
      for (const row of chunk) insert.run(row);
    });
    const rawStart = performance.now();
    for (let i = 0; i < rows.length; i += BATCH) insertMany(rows.slice(i, i + BATCH));
    const rawSeconds = (performance.now() - rawStart) / 1000;
    sqlite.close();
    await raw.close();

    // Over HTTP, through validation, normalisation, upsert, ATT&CK links and timeline.
    const server = await benchApp();
    const key = await server.apiKey(server.tenants[0]?.id ?? "");
    const address = await server.app.listen({ port: 0, host: "127.0.0.1" });
    // Sustained rate: one untimed request first starts the ingest worker (from TypeScript
    // sources here, which takes seconds; the built server starts it in milliseconds).
    const warmUp = alerts.slice(0, 1000).map((a) => JSON.stringify({ ...a, source: "warm-up" })).join("\n");
    await fetch(`${address}/api/v1/alerts/bulk`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/x-ndjson" }, body: warmUp });
    const cpu0 = process.cpuUsage();
    const httpStart = performance.now();
    let created = 0;
    for (const body of batches) {
      const response = await fetch(`${address}/api/v1/alerts/bulk`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/x-ndjson" }, body });
      const result = (await response.json()) as { created: number; rejected: unknown[] };
      if (response.status !== 200 || result.rejected.length) throw new Error(`ingest failed: ${response.status} ${JSON.stringify(result).slice(0, 300)}`);
      created += result.created;
    }
    const httpSeconds = (performance.now() - httpStart) / 1000;
    const cpu = process.cpuUsage(cpu0);
    await server.close();
    if (created !== TOTAL) throw new Error(`expected ${TOTAL} created, got ${created}`);

    const rawRate = TOTAL / rawSeconds;
    return [
      { name: "raw prepared insert (baseline)", value: rawRate, unit: "alerts/s" },
      { name: "HTTP bulk ingest (NDJSON, API key)", value: TOTAL / httpSeconds, unit: "alerts/s", baseline: { name: "raw insert", value: rawRate } },
      // Every thread of the process (the client, the main thread, the ingest and checkpoint
      // workers): less noisy than the rate, and what bounds it on two cores.
      { name: "CPU per alert over HTTP (all threads)", value: (cpu.user + cpu.system) / TOTAL, unit: "µs" },
    ];
  },
};
