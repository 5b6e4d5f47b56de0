import { fork } from "node:child_process";
import { type EventLoopUtilization, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
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
    const { rate: rawRate, cpuPerRow: rawCpu } = await rawAlertInsert({ total: TOTAL, now });

    // Over HTTP, through validation, normalisation, upsert, ATT&CK links and rollup marks, with
    // the sender in its own process (ingest-client.ts).
    const server = await benchApp();
    const key = await server.apiKey(server.tenants[0]?.id ?? "");
    const address = await server.app.listen({ port: 0, host: "127.0.0.1" });
    // The baseline's alerts and rows are garbage by now: collect them before the timing.
    collectGarbage();
    const client = fork(fileURLToPath(new URL("./ingest-client.ts", import.meta.url)));
    let cpu0 = process.cpuUsage();
    let loop0: EventLoopUtilization = performance.eventLoopUtilization();
    let httpStart = 0;
    let measured: {
      created: number;
      httpSeconds: number;
      cpu: NodeJS.CpuUsage;
      loop: EventLoopUtilization;
      senderCpu: number;
    };
    try {
      measured = await new Promise((resolve, reject) => {
        client.on("message", (message: ClientReport) => {
          if (message.kind === "start") {
            cpu0 = process.cpuUsage();
            loop0 = performance.eventLoopUtilization();
            httpStart = performance.now();
          } else if (message.kind === "end") {
            const httpSeconds = (performance.now() - httpStart) / 1000;
            resolve({
              created: message.created,
              httpSeconds,
              cpu: process.cpuUsage(cpu0),
              loop: performance.eventLoopUtilization(loop0),
              senderCpu: message.cpuMicros,
            });
          } else if (message.kind === "error") reject(new Error(message.message));
        });
        client.on("error", reject);
        client.on("exit", (code) => reject(new Error(`the ingest client exited (${code})`)));
        client.send({ address, key, total: TOTAL, batch: BATCH, now } satisfies ClientJob);
      });
    } finally {
      client.kill();
      await server.close();
    }
    const { created, httpSeconds, cpu, loop, senderCpu } = measured;
    if (created !== TOTAL) throw new Error(`expected ${TOTAL} created, got ${created}`);

    return [
      { name: "raw prepared insert (baseline)", value: rawRate, unit: "alerts/s" },
      { name: "raw insert CPU per alert (its process, one writer)", value: rawCpu, unit: "µs" },
      {
        name: "HTTP bulk ingest (NDJSON, API key)",
        value: TOTAL / httpSeconds,
        unit: "alerts/s",
        baseline: { name: "raw insert", value: rawRate },
      },
      // Every thread of the server's process (the main thread, the ingest and checkpoint workers,
      // V8's garbage collection helpers), not the sender's: less noisy than the rate.
      { name: "server CPU per alert over HTTP (all threads)", value: (cpu.user + cpu.system) / TOTAL, unit: "µs" },
      // The main thread writes every row: its busy time is what bounds the rate once the ingest
      // worker keeps up (event loop utilisation: time not waiting for I/O or timers).
      { name: "server main thread busy per alert", value: (loop.active * 1000) / TOTAL, unit: "µs" },
      { name: "sender CPU per alert (its own process)", value: senderCpu / TOTAL, unit: "µs" },
    ];
  },
};

/** A full garbage collection now (V8's gc, reached without starting node with --expose-gc). */
function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}
