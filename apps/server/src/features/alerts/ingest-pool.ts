import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { BulkBodyError } from "./bulk-body";
import type { IngestChunk, IngestJob, IngestReply } from "./ingest-protocol";

type Listener = (reply: IngestReply) => void;

let worker: Worker | undefined;
let nextJob = 1;
const listeners = new Map<number, Listener>();

/**
 * The bundled server ships the worker as dist/ingest-worker.js beside main.js; from sources
 * (tests, benchmarks, `npm run dev`) the worker registers tsx first, as bin/watchfloor.mjs does.
 */
function spawn(): Worker {
  const here = import.meta.url;
  let created: Worker;
  if (here.endsWith(".ts")) {
    const tsx = tsxEsmApi(here);
    const entry = new URL("./ingest-worker.ts", here).href;
    created = new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`, { eval: true });
  } else {
    created = new Worker(new URL("./ingest-worker.js", here));
  }
  created.unref();
  created.on("message", (reply: IngestReply) => listeners.get(reply.job)?.(reply));
  created.on("error", (error) => fail(`the ingest worker stopped: ${error.message}`));
  created.on("exit", () => {
    if (worker === created) worker = undefined;
    fail("the ingest worker exited");
  });
  return created;
}

/** tsx's ESM register API as a file URL (require.resolve would give its CommonJS build). */
function tsxEsmApi(from: string): string {
  const manifest = createRequire(from).resolve("tsx/package.json");
  const exports = JSON.parse(readFileSync(manifest, "utf8")).exports["./esm/api"].import.default as string;
  return pathToFileURL(path.join(path.dirname(manifest), exports)).href;
}

function fail(reason: string): void {
  for (const [job, listener] of listeners) listener({ job, kind: "error", field: "body", reason });
}

/**
 * Normalises a big bulk body off the main thread, yielding chunks as the worker finishes them.
 * A body-level problem (bad JSON line, too many alerts) arrives as a BulkBodyError.
 */
export async function* normaliseOffThread(body: Omit<IngestJob, "job">): AsyncGenerator<IngestChunk> {
  worker ??= spawn();
  const job = nextJob++;
  const queue: IngestReply[] = [];
  let wake: (() => void) | undefined;
  listeners.set(job, (reply) => {
    queue.push(reply);
    wake?.();
  });
  try {
    worker.postMessage({ ...body, job } satisfies IngestJob);
    for (;;) {
      if (!queue.length) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
      const reply = queue.shift();
      if (!reply) continue;
      if (reply.kind === "done") return;
      if (reply.kind === "error") throw new BulkBodyError(reply.field, reply.reason);
      yield { rows: reply.rows, rejected: reply.rejected };
    }
  } finally {
    listeners.delete(job);
  }
}

/** Stops the worker (on server close); the next big request starts a new one. */
export async function closeIngestWorker(): Promise<void> {
  const running = worker;
  worker = undefined;
  if (running) await running.terminate();
}
