import { type ChildProcess, fork, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";
import { type Figure, type Benchmark, percentile } from "./harness";
import type { ClientJob, ClientReport } from "./ingest-client";

const ALERTS = Number(process.env.BENCH_HEALTHZ_ALERTS ?? 100_000);
const JUNK_MB = Number(process.env.BENCH_HEALTHZ_JUNK_MB ?? 50);
const PING_MS = 20;
const IDLE_CPU_MS = 10_000;
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const agent = new http.Agent({ keepAlive: true });

/** `watchfloor serve` in a process of its own (dist/main.js when it is up to date, else the sources through tsx). */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; baseUrl: string; runs: string }> {
  const bin = path.join(repoRoot, "apps/server/bin/watchfloor.mjs");
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, bin, "serve", "--port", "0", "--host", "127.0.0.1"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      WATCHFLOOR_SECRET: randomBytes(32).toString("hex"),
      WATCHFLOOR_DATA_DIR: dataDir,
      WATCHFLOOR_LOG_LEVEL: "warn",
      WATCHFLOOR_WEB_DIST: path.join(dataDir, "no-web"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s:\n${output}`)), 120_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Watchfloor is running at (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace("localhost", "127.0.0.1"));
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  const built = path.join(repoRoot, "apps/server/dist/main.js");
  return { child, baseUrl, runs: statSafe(built) ? "dist/main.js or sources (bin/watchfloor.mjs decides)" : "sources" };
}

const statSafe = (file: string) => {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
};

/** CPU seconds the process has used (all its threads), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after "pid (comm) ".
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function idleCpu(pid: number): Promise<number> {
  const before = cpuSeconds(pid);
  const started = performance.now();
  await sleep(IDLE_CPU_MS);
  return (cpuSeconds(pid) - before) / ((performance.now() - started) / 1000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function request(
  url: string,
  options: { method?: string; headers?: Record<string, string | number>; body?: Buffer | string | NodeJS.ReadableStream } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", agent, headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString("utf8"),
          ms: performance.now() - started,
        }),
      );
    });
    req.on("error", reject);
    const body = options.body;
    if (body && typeof body === "object" && "pipe" in body) body.pipe(req);
    else req.end(body);
  });
}

/** GET /healthz every PING_MS while `load` runs (each ping on its own, never waiting for the last); latencies in ms. */
async function pingWhile<T>(
  baseUrl: string,
  load: () => Promise<T>,
): Promise<{ result: T; latencies: number[]; seconds: number }> {
  const pending: Promise<number>[] = [];
  const timer = setInterval(() => {
    pending.push(request(`${baseUrl}/healthz`).then((a) => (a.status === 200 ? a.ms : Number.POSITIVE_INFINITY)));
  }, PING_MS);
  const started = performance.now();
  try {
    const result = await load();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(timer);
    return { result, seconds, latencies: await Promise.all(pending) };
  } finally {
    clearInterval(timer);
  }
}

function latencyFigures(phase: string, latencies: number[], baseline?: number[]): Figure[] {
  const stat = (p: number, values: number[]) => (p === 100 ? Math.max(...values) : percentile(values, p));
  return (
    [
      ["p50", 50],
      ["p95", 95],
      ["max", 100],
    ] as const
  ).map(([label, p]) => ({
    name: `${phase}: /healthz ${label} (${latencies.length} pings)`,
    value: stat(p, latencies),
    unit: "ms",
    ...(baseline ? { baseline: { name: `idle ${label}`, value: stat(p, baseline) } } : {}),
  }));
}

/** The first account: owner of every tenant; its session cookie reads the overview. */
async function signUp(baseUrl: string): Promise<string> {
  const anonymous = await new Promise<{ cookie: string; csrf: string }>((resolve, reject) => {
    http
      .get(`${baseUrl}/api/v1/auth/session`, { agent }, (response) => {
        let text = "";
        response.on("data", (c: Buffer) => {
          text += c.toString();
        });
        response.on("end", () => {
          const cookie = (response.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
          resolve({ cookie, csrf: (JSON.parse(text) as { csrfToken: string }).csrfToken });
        });
      })
      .on("error", reject);
  });
  const body = JSON.stringify({ email: "bench@example.com", password: "quiet lantern orbit 4127 meadow", displayName: "Bench" });
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}/api/v1/auth/sign-up`,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          cookie: anonymous.cookie,
          "x-csrf-token": anonymous.csrf,
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => {
          if (response.statusCode !== 201) return reject(new Error(`sign-up answered ${response.statusCode}`));
          resolve((response.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; "));
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The ingest client in its own process; resolves once it has generated its alerts and is about to send them. */
async function startIngest(baseUrl: string, key: string): Promise<{ done: Promise<{ created: number }>; stop: () => void }> {
  const client = fork(fileURLToPath(new URL("./ingest-client.ts", import.meta.url)));
  let started: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    started = resolve;
  });
  const done = new Promise<{ created: number }>((resolve, reject) => {
    client.on("message", (message: ClientReport) => {
      if (message.kind === "start") started();
      else if (message.kind === "end") resolve({ created: message.created });
      else if (message.kind === "error") reject(new Error(message.message));
    });
    client.on("error", reject);
    client.on("exit", (code) => reject(new Error(`the ingest client exited (${code})`)));
    client.send({ address: baseUrl, key, total: ALERTS, batch: 10_000, now: Date.now(), daysBack: 1 } satisfies ClientJob);
  });
  await Promise.race([ready, done]);
  return { done, stop: () => client.kill() };
}

/**
 * Liveness under load: `watchfloor serve` on SQLite in its own process, /healthz asked every
 * 20 ms (a) idle, the baseline, (b) while a 50 MB file of random bytes is uploaded to the asset
 * import, (c) while 100,000 fresh alerts are ingested (NDJSON batches of 10,000 with an API key,
 * from another process), (d) while the overview is read right after that ingest; with the
 * server's CPU (all threads, from /proc) over 10 idle seconds before and after.
 */
export const benchmark: Benchmark = {
  title: `/healthz under load: idle, a ${JUNK_MB} MB junk import, ${ALERTS.toLocaleString("en")} alerts ingested, the overview read after`,
  async run() {
    const dir = mkdtempSync(path.join(tmpdir(), "wf-bench-healthz-"));
    const { child, baseUrl, runs } = await startServer(path.join(dir, "data"));
    const pid = child.pid ?? 0;
    let db: SQLite.Database | undefined;
    try {
      db = new SQLite(path.join(dir, "data", "watchfloor.db"));
      db.pragma("busy_timeout = 10000");
      const tenantId = (db.prepare("select id from tenants order by slug limit 1").get() as { id: string }).id;
      const key = `wf_${randomBytes(30).toString("base64url")}`;
      db.prepare(
        "insert into api_keys (id, tenant_id, name, prefix, key_hash, created_by, created_at, last_used_at, revoked_at) values (?, ?, 'bench', ?, ?, null, ?, null, null)",
      ).run(
        randomBytes(16).toString("hex"),
        tenantId,
        key.slice(0, 10),
        createHash("sha256").update(key).digest("hex"),
        Date.now(),
      );
      const cookie = await signUp(baseUrl);
      console.log(`  server: ${runs}, pid ${pid}`);

      // Let start-up work (demo data's rollups, statistics) finish before the baseline.
      await sleep(5000);
      const cpuIdleBefore = await idleCpu(pid);
      const idle = await pingWhile(baseUrl, () => sleep(5000));

      const junkFile = path.join(dir, "junk.bin");
      writeFileSync(junkFile, randomBytes(JUNK_MB * 1024 * 1024));
      const junk = await pingWhile(baseUrl, () =>
        request(`${baseUrl}/api/v1/imports/assets?tenantId=${tenantId}&filename=junk.csv`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${key}`,
            "content-type": "application/octet-stream",
            "content-length": JUNK_MB * 1024 * 1024,
          },
          body: createReadStream(junkFile),
        }),
      );
      const quarantined = (db.prepare("select count(*) as n from quarantine").get() as { n: number }).n;
      console.log(
        `  junk import answered ${junk.result.status} in ${(junk.result.ms / 1000).toFixed(1)} s: ${junk.result.body.slice(0, 160)}`,
      );

      const sender = await startIngest(baseUrl, key);
      const load = await pingWhile(baseUrl, () => sender.done).finally(sender.stop);
      if (load.result.created !== ALERTS) throw new Error(`expected ${ALERTS} alerts created, got ${load.result.created}`);

      const summaries: number[] = [];
      const overview = await pingWhile(baseUrl, async () => {
        for (let i = 0; i < 5; i++) {
          const answer = await request(`${baseUrl}/api/v1/dashboard/summary`, { headers: { cookie } });
          if (answer.status !== 200) throw new Error(`summary answered ${answer.status}: ${answer.body.slice(0, 200)}`);
          summaries.push(answer.ms);
        }
      });

      // The refresh after the ingest is due work; what is left after 15 s is what an idle server costs.
      await sleep(15_000);
      const cpuIdleAfter = await idleCpu(pid);

      return [
        ...latencyFigures("(a) idle", idle.latencies),
        ...latencyFigures(`(b) ${JUNK_MB} MB junk import`, junk.latencies, idle.latencies),
        { name: "(b)   junk import answer time", value: junk.result.ms / 1000, unit: "s" },
        { name: `(b)   answer status (${junk.result.status})`, value: junk.result.status, unit: "" },
        { name: "(b)   quarantine rows after it", value: quarantined, unit: "rows" },
        ...latencyFigures(`(c) ${ALERTS.toLocaleString("en")} alerts ingest`, load.latencies, idle.latencies),
        { name: "(c)   ingest rate", value: ALERTS / load.seconds, unit: "alerts/s" },
        ...latencyFigures("(d) overview read after the ingest", overview.latencies, idle.latencies),
        { name: "(d)   summary answer, first", value: summaries[0] ?? Number.NaN, unit: "ms" },
        { name: "(d)   summary answer, max of 5", value: Math.max(...summaries), unit: "ms" },
        { name: "idle server CPU over 10 s, demo data", value: cpuIdleBefore, unit: "cores" },
        {
          name: `idle server CPU over 10 s, +${ALERTS.toLocaleString("en")} alerts`,
          value: cpuIdleAfter,
          unit: "cores",
          baseline: { name: "demo data", value: cpuIdleBefore },
        },
      ];
    } finally {
      db?.close();
      agent.destroy();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, sleep(10_000)]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
