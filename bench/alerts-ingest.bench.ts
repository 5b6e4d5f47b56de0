import { fork } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { benchApp } from "./bench-app";
import type { Benchmark } from "./harness";
import type { ClientJob, ClientReport } from "./ingest-client";
import { rawAlertInsert } from "./raw-alert-insert";

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
    // The baseline first, in a function of its own: none of its data is alive while the server runs.
    const rawRate = (await rawAlertInsert({ total: TOTAL, now })).rate;

    // Over HTTP, through validation, normalisation, upsert, ATT&CK links and rollup marks, with
    // the sender in its own process (ingest-client.ts).
    const server = await benchApp();
    const key = await server.apiKey(server.tenants[0]?.id ?? "");
    const address = await server.app.listen({ port: 0, host: "127.0.0.1" });
    const client = fork(fileURLToPath(new URL("./ingest-client.ts", import.meta.url)));
    let cpu0 = process.cpuUsage();
    let httpStart = 0;
    const { created, httpSeconds, cpu, senderCpu } = await new Promise<{
      created: number;
      httpSeconds: number;
      cpu: NodeJS.CpuUsage;
      senderCpu: number;
    }>((resolve, reject) => {
      client.on("message", (message: ClientReport) => {
        if (message.kind === "start") {
          cpu0 = process.cpuUsage();
          httpStart = performance.now();
        } else if (message.kind === "end") {
          resolve({
            created: message.created,
            httpSeconds: (performance.now() - httpStart) / 1000,
            cpu: process.cpuUsage(cpu0),
            senderCpu: message.cpuMicros,
          });
        } else reject(new Error(message.message));
      });
      client.on("exit", (code) => reject(new Error(`the ingest client exited (${code})`)));
      client.send({ address, key, total: TOTAL, batch: BATCH, now } satisfies ClientJob);
    });
    client.kill();
    await server.close();
    if (created !== TOTAL) throw new Error(`expected ${TOTAL} created, got ${created}`);

    return [
      { name: "raw prepared insert (baseline)", value: rawRate, unit: "alerts/s" },
      {
        name: "HTTP bulk ingest (NDJSON, API key)",
        value: TOTAL / httpSeconds,
        unit: "alerts/s",
        baseline: { name: "raw insert", value: rawRate },
      },
      // Every thread of the server's process (the main thread, the ingest and checkpoint workers,
      // V8's garbage collection helpers), not the sender's: less noisy than the rate.
      { name: "server CPU per alert over HTTP (all threads)", value: (cpu.user + cpu.system) / TOTAL, unit: "µs" },
      { name: "sender CPU per alert (its own process)", value: senderCpu / TOTAL, unit: "µs" },
    ];
  },
};
