import type { Worker } from "node:worker_threads";
import { startWorker } from "../../lib/worker-entry";
import { normaliseAlerts, type NormaliseContext } from "./alert-normalise";
import { BulkBodyError, ndjsonHead, nulFree, parseNdjsonLines } from "./bulk-body";
import { INGEST_HEAD, type IngestChunk, type IngestJob, type IngestReply } from "./ingest-protocol";

const YOUNG_GENERATION_MB = 64;
/** An idle worker is stopped after this long, giving back its heap; the next big request starts one in milliseconds. */
const IDLE_MS = 30_000;

/** A job's reply handler, with the worker it was posted to: a stopping worker fails only its own jobs. */
type Listener = { worker: Worker; reply: (reply: IngestReply) => void };

let worker: Worker | undefined;
let nextJob = 1;
const listeners = new Map<number, Listener>();
let idleTimer: NodeJS.Timeout | undefined;

function spawn(): Worker {
  // A 10,000-alert request allocates some 100 MB of short-lived strings and objects here. With
  // V8's default young generation most of it outlived a scavenge and was marked and swept as old
  // objects by V8's helper threads (about 30 µs of CPU an ingested alert, measured per thread).
  const created = startWorker(import.meta.url, "./ingest-worker.ts", "ingest-worker", {
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  created.unref();
  created.on("message", (reply: IngestReply) => listeners.get(reply.job)?.reply(reply));
  created.on("error", (error) => {
    if (worker === created) worker = undefined;
    fail(created, `the ingest worker stopped: ${error.message}`);
  });
  created.on("exit", () => {
    if (worker === created) worker = undefined;
    fail(created, "the ingest worker exited");
  });
  return created;
}

function fail(stopped: Worker, reason: string): void {
  for (const [job, listener] of listeners)
    if (listener.worker === stopped) listener.reply({ job, kind: "error", field: "body", reason });
}

/**
 * The bytes of a request body as an ArrayBuffer of their own, which postMessage can transfer
 * instead of copying. A big body is normally one already (Buffer.concat of its chunks); a slice
 * of a shared pool is copied.
 */
export function ownBytes(body: Buffer): ArrayBuffer {
  if (body.byteOffset === 0 && body.byteLength === body.buffer.byteLength && body.buffer instanceof ArrayBuffer)
    return body.buffer;
  const copy = new ArrayBuffer(body.byteLength);
  new Uint8Array(copy).set(body);
  return copy;
}

/**
 * Normalises a big bulk body off the main thread, yielding chunks as the worker finishes them.
 * A body-level problem (bad JSON line, too many alerts) arrives as a BulkBodyError.
 */
export async function* normaliseOffThread(body: Omit<IngestJob, "job">): AsyncGenerator<IngestChunk> {
  clearTimeout(idleTimer);
  worker ??= spawn();
  const running = worker;
  const job = nextJob++;
  const queue: IngestReply[] = [];
  let wake: (() => void) | undefined;
  listeners.set(job, {
    worker: running,
    reply: (reply) => {
      queue.push(reply);
      wake?.();
    },
  });
  try {
    running.postMessage({ ...body, job } satisfies IngestJob, body.bytes ? [body.bytes] : []);
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
    if (!listeners.size) idleTimer = setTimeout(() => void closeIngestWorker(), IDLE_MS).unref();
  }
}

/**
 * A big NDJSON body: its first INGEST_HEAD lines normalised on this thread while the worker
 * starts on the rest (it would otherwise wait idle for the worker's first chunk). The worker
 * still checks the whole body's size: if that fails, the caller's transaction rolls the head back.
 * (A bad JSON line in the head is reported before the size of a body that is also too big: a 400
 * with nothing stored either way.)
 */
export async function* normaliseNdjsonOffThread(body: Buffer, context: NormaliseContext): AsyncGenerator<IngestChunk> {
  // Decoded before the bytes go: the transfer detaches them from this thread.
  const head = ndjsonHead(body, INGEST_HEAD);
  const rest = normaliseOffThread({ context, bytes: ownBytes(body), head: INGEST_HEAD });
  // The job is posted now; its answer is awaited after the head. A body error may settle it
  // meanwhile: it is handled there, not reported as unhandled.
  const next = rest.next();
  next.catch(() => undefined);
  try {
    yield normaliseAlerts(parseNdjsonLines(head), 0, context, nulFree(head));
    for (let result = await next; !result.done; result = await rest.next()) yield result.value;
  } finally {
    await rest.return(undefined);
  }
}

/** Stops the worker (on server close); the next big request starts a new one. */
export async function closeIngestWorker(): Promise<void> {
  clearTimeout(idleTimer);
  const running = worker;
  worker = undefined;
  if (running) await running.terminate();
}
