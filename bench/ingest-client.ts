// Child process of alerts-ingest.bench.ts: the sender, as a forwarder on another process would
// be. It generates the alerts itself, so the server's heap holds none of the sender's data, and
// reports over IPC when it starts and ends the timed batches.
import { generateAlerts } from "../apps/server/src/features/alerts/demo-generator";

export interface ClientJob {
  address: string;
  key: string;
  total: number;
  batch: number;
  now: number;
}

export type ClientReport =
  | { kind: "start" }
  | { kind: "end"; created: number; cpuMicros: number }
  | { kind: "error"; message: string };

const report = (message: ClientReport) => process.send?.(message);

async function post(job: ClientJob, body: string) {
  const response = await fetch(`${job.address}/api/v1/alerts/bulk`, {
    method: "POST",
    headers: { authorization: `Bearer ${job.key}`, "content-type": "application/x-ndjson" },
    body,
  });
  const result = (await response.json()) as { created: number; rejected: unknown[] };
  if (response.status !== 200 || result.rejected?.length)
    throw new Error(`ingest failed: ${response.status} ${JSON.stringify(result).slice(0, 300)}`);
  return result.created;
}

process.once("message", async (job: ClientJob) => {
  try {
    const alerts = [...generateAlerts({ seed: 7, count: job.total, tenants: ["tenant-a"], now: job.now, daysBack: 30 })].map(
      (a) => a.alert,
    );
    const batches: string[] = [];
    for (let i = 0; i < alerts.length; i += job.batch)
      batches.push(
        alerts
          .slice(i, i + job.batch)
          .map((a) => JSON.stringify(a))
          .join("\n"),
      );
    // One untimed request first starts the server's ingest worker (from TypeScript sources here,
    // which takes seconds; the built server starts it in milliseconds).
    await post(
      job,
      alerts
        .slice(0, 1000)
        .map((a) => JSON.stringify({ ...a, source: "warm-up" }))
        .join("\n"),
    );
    report({ kind: "start" });
    const cpu0 = process.cpuUsage();
    let created = 0;
    for (const body of batches) created += await post(job, body);
    const cpu = process.cpuUsage(cpu0);
    report({ kind: "end", created, cpuMicros: cpu.user + cpu.system });
  } catch (error) {
    report({ kind: "error", message: error instanceof Error ? error.message : String(error) });
  }
});
