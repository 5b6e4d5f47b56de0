// Child process of alerts-ingest.bench.ts: the sender, as a forwarder on another process would
// be. It generates the alerts itself, so the server's heap holds none of the sender's data, and
// reports over IPC when it starts and ends the timed batches.
import http from "node:http";
import { generateAlerts } from "../apps/server/src/seed/demo-generator";

const agent = new http.Agent({ keepAlive: true });

export interface ClientJob {
  address: string;
  key: string;
  total: number;
  batch: number;
  now: number;
  /** How far back detections spread (default 30 days; 1 gives fresh alerts with SLA times still running). */
  daysBack?: number;
  /** Sends only every `parts`-th batch from batch `part` on, so several senders share one set of alerts. */
  part?: number;
  parts?: number;
  /** Reports "ready" after the warm-up and waits for "go", so several senders start together. */
  awaitGo?: boolean;
}

export type ClientReport =
  | { kind: "ready" }
  | { kind: "start" }
  | { kind: "end"; created: number; cpuMicros: number }
  | { kind: "error"; message: string };

const report = (message: ClientReport) => process.send?.(message);

/** NDJSON as bytes: a forwarder holds its events encoded, so the timed part does not encode them. */
const ndjson = (alerts: object[]) => Buffer.from(alerts.map((a) => JSON.stringify(a)).join("\n"));

/** One bulk request over node:http (fetch copies a 12 MB body through web streams: 20 µs an alert). */
function post(job: ClientJob, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${job.address}/api/v1/alerts/bulk`,
      {
        method: "POST",
        agent,
        headers: { authorization: `Bearer ${job.key}`, "content-type": "application/x-ndjson", "content-length": body.length },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          try {
            const result = JSON.parse(text) as { created: number; rejected?: unknown[] };
            if (response.statusCode !== 200 || result.rejected?.length) throw new Error("rejected");
            resolve(result.created);
          } catch {
            reject(new Error(`ingest failed: ${response.statusCode} ${text.slice(0, 300)}`));
          }
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

process.once("message", async (job: ClientJob) => {
  try {
    const alerts = [
      ...generateAlerts({ seed: 7, count: job.total, tenants: ["tenant-a"], now: job.now, daysBack: job.daysBack ?? 30 }),
    ].map((a) => a.alert);
    const batches: Buffer[] = [];
    const parts = job.parts ?? 1;
    for (let i = 0, n = 0; i < alerts.length; i += job.batch, n++)
      if (n % parts === (job.part ?? 0)) batches.push(ndjson(alerts.slice(i, i + job.batch)));
    // One untimed request first starts the server's ingest worker (from TypeScript sources here,
    // which takes seconds; the built server starts it in milliseconds).
    await post(job, ndjson(alerts.slice(0, 1000).map((a) => ({ ...a, source: `warm-up-${job.part ?? 0}` }))));
    if (job.awaitGo) {
      const go = new Promise((resolve) => process.once("message", resolve));
      report({ kind: "ready" });
      await go;
    }
    report({ kind: "start" });
    const cpu0 = process.cpuUsage();
    let created = 0;
    for (const body of batches) created += await post(job, body);
    const cpu = process.cpuUsage(cpu0);
    report({ kind: "end", created, cpuMicros: cpu.user + cpu.system });
  } catch (error) {
    report({ kind: "error", message: error instanceof Error ? error.message : String(error) });
    process.exitCode = 1;
  }
  // Lets this process end: the parent's IPC channel and kept-alive sockets would hold it.
  agent.destroy();
  process.disconnect?.();
});
