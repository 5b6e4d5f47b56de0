import { fork } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { alertInputSchema, type Priority } from "@watchfloor/shared";
import pg from "pg";
import { policyFor } from "../apps/server/src/features/alerts/sla";
import { toAlertRow } from "../apps/server/src/features/alerts/alert-row";
import { newId } from "../apps/server/src/lib/tokens";
import { generateAlerts } from "../apps/server/src/seed/demo-generator";
import { benchApp } from "./bench-app";
import type { Benchmark, Figure } from "./harness";
import type { ClientJob, ClientReport } from "./ingest-client";
import { onPostgres, postgresUrl } from "./million";
import { startServe } from "./serve-process";

const TOTAL = Number(process.env.BENCH_PG_INGEST_TOTAL ?? 100_000);
const BATCH = 10_000;
const DATABASE = "wf_bench_ingest";

/**
 * Bulk ingestion over HTTP into PostgreSQL (NDJSON batches of 10,000 with a tenant API key, to
 * real `serve` processes) against a raw multi-row insert of the same normalised rows into a
 * freshly migrated database of the same schema, all in this run. Then the same alerts shared
 * between two senders: to one server, and to two servers on the same database, one each.
 * Targets (issue 19): HTTP at least 0.5 of the raw insert; two servers not slower than one.
 */
export const benchmark: Benchmark = {
  title: `Bulk alert ingestion into PostgreSQL: ${TOTAL.toLocaleString("en")} alerts over HTTP vs a raw multi-row insert`,
  async run() {
    const now = Date.now();
    const raw = await rawMultiRowInsert(now);
    const raw1 = { name: "raw insert", value: raw };
    const one = await overHttp(now, 1, 1);
    const oneTwo = await overHttp(now, 1, 2);
    const two = await overHttp(now, 2, 2);
    await onPostgres(`drop database if exists ${DATABASE} with (force)`);
    const perAlert = (micros: number) => micros / TOTAL;
    return [
      { name: "raw multi-row insert (baseline)", value: raw, unit: "alerts/s" },
      { name: "HTTP, one server, one sender", value: one.rate, unit: "alerts/s", baseline: raw1 },
      { name: "HTTP, one server, two senders", value: oneTwo.rate, unit: "alerts/s", baseline: raw1 },
      {
        name: "HTTP, two servers, a sender each",
        value: two.rate,
        unit: "alerts/s",
        baseline: { name: "one server, two senders", value: oneTwo.rate },
      },
      {
        name: "  the same, against one server and one sender",
        value: two.rate,
        unit: "alerts/s",
        baseline: { name: "one server, one sender", value: one.rate },
      },
      { name: "serve CPU per alert, one server", value: perAlert(one.serverCpu), unit: "µs" },
      { name: "serve CPU per alert, two servers (sum)", value: perAlert(two.serverCpu), unit: "µs" },
      { name: "PostgreSQL CPU per alert, one server", value: perAlert(one.postgresCpu), unit: "µs" },
      { name: "PostgreSQL CPU per alert, two servers", value: perAlert(two.postgresCpu), unit: "µs" },
    ] satisfies Figure[];
  },
};

/** A freshly migrated database with the five demo tenants and an ingestion key for the first. */
async function freshDatabase(): Promise<{ url: string; key: string; tenantId: string }> {
  await onPostgres(`drop database if exists ${DATABASE} with (force)`, `create database ${DATABASE}`);
  const url = postgresUrl(DATABASE);
  const app = await benchApp(url);
  const tenantId = app.tenants[0]?.id ?? "";
  const key = await app.apiKey(tenantId);
  await app.close();
  return { url, key, tenantId };
}

/**
 * The baseline: the alerts the senders send, normalised as ingestion does, inserted with
 * multi-row INSERT statements (500 rows each: a statement takes at most 65,535 parameters) in
 * 10,000-row transactions on one connection.
 */
async function rawMultiRowInsert(now: number): Promise<number> {
  const { url, tenantId } = await freshDatabase();
  const rows = [...generateAlerts({ seed: 7, count: TOTAL, tenants: ["tenant-a"], now, daysBack: 30 })].map(({ alert }) => {
    const parsed = alertInputSchema.parse(alert);
    return toAlertRow(parsed, tenantId, newId(), now, policyFor(parsed.priority as Priority, undefined));
  });
  const columns = Object.keys(rows[0] ?? {}) as (keyof (typeof rows)[number])[];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const statement = (count: number) =>
    `insert into alerts (${columns.join(",")}) values ${Array.from(
      { length: count },
      (_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(",")})`,
    ).join(",")}`;
  const started = performance.now();
  for (let i = 0; i < rows.length; i += BATCH) {
    await client.query("begin");
    for (let j = i; j < Math.min(i + BATCH, rows.length); j += 500) {
      const chunk = rows.slice(j, Math.min(j + 500, i + BATCH, rows.length));
      await client.query(
        statement(chunk.length),
        chunk.flatMap((row) => columns.map((c) => row[c])),
      );
    }
    await client.query("commit");
  }
  const seconds = (performance.now() - started) / 1000;
  await client.end();
  return TOTAL / seconds;
}

/** CPU time (µs, user and system) of a process so far, from /proc. */
function processCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime are the 12th and 13th fields after the command name, in clock ticks (100 Hz).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** CPU time so far of every PostgreSQL server process (the backends of every connection), by pid. */
function postgresCpu(): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, "utf8").trim() === "postgres") cpu.set(Number(name), processCpu(Number(name)));
    } catch {
      // ended meanwhile
    }
  }
  return cpu;
}

/** CPU the PostgreSQL processes used between two readings (a backend that ended meanwhile is missed). */
function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, micros] of postgresCpu()) total += micros - (before.get(pid) ?? 0);
  return total;
}

/**
 * The alerts over HTTP to `servers` fresh `serve` processes on one fresh database, shared
 * batch by batch between `senders` sender processes (each to server sender % servers), timed
 * from the moment every sender has warmed up. Returns alerts a second and the CPU the servers
 * and PostgreSQL used meanwhile.
 */
async function overHttp(now: number, servers: number, senders: number) {
  const { url, key } = await freshDatabase();
  const started = await Promise.all(Array.from({ length: servers }, () => startServe(url)));
  const clients = Array.from({ length: senders }, () => fork(fileURLToPath(new URL("./ingest-client.ts", import.meta.url))));
  try {
    const ready = clients.map(
      (client) =>
        new Promise<void>((resolve, reject) => {
          client.on("message", (message: ClientReport) => {
            if (message.kind === "ready") resolve();
            else if (message.kind === "error") reject(new Error(message.message));
          });
          client.on("exit", (code) => reject(new Error(`a sender exited (${code})`)));
        }),
    );
    const ended = clients.map(
      (client) =>
        new Promise<number>((resolve, reject) => {
          client.on("message", (message: ClientReport) => {
            if (message.kind === "end") resolve(message.created);
            else if (message.kind === "error") reject(new Error(message.message));
          });
        }),
    );
    clients.forEach((client, part) => {
      const address = started[part % servers]?.url ?? "";
      client.send({ address, key, total: TOTAL, batch: BATCH, now, part, parts: senders, awaitGo: true } satisfies ClientJob);
    });
    await Promise.all(ready);
    const serverCpu0 = started.map((s) => processCpu(s.pid));
    const postgres0 = postgresCpu();
    const t0 = performance.now();
    for (const client of clients) client.send("go");
    const created = (await Promise.all(ended)).reduce((a, b) => a + b, 0);
    const seconds = (performance.now() - t0) / 1000;
    if (created !== TOTAL) throw new Error(`expected ${TOTAL} created, got ${created}`);
    return {
      rate: TOTAL / seconds,
      serverCpu: started.reduce((sum, s, i) => sum + processCpu(s.pid) - (serverCpu0[i] ?? 0), 0),
      postgresCpu: postgresCpuSince(postgres0),
    };
  } finally {
    for (const client of clients) client.kill();
    await Promise.all(started.map((s) => s.stop()));
  }
}
