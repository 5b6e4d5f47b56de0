// Worker-thread entry: validates and normalises big bulk requests in chunks while the main
// thread writes the previous chunk, so parsing and SQLite inserts use both cores.
import { parentPort } from "node:worker_threads";
import type { NormaliseContext } from "./alert-normalise";
import { normaliseAlerts } from "./alert-normalise";
import { BulkBodyError, checkBulkArray, ndjsonLineChunks, nulFree, parseNdjsonLines } from "./bulk-body";
import { INGEST_CHUNK, INGEST_FIRST_CHUNK, type IngestJob, type IngestReply } from "./ingest-protocol";

/** Chunk boundaries: a small first chunk, so the main thread starts writing sooner. */
function* chunks(total: number): Generator<[number, number]> {
  for (let start = 0, size = INGEST_FIRST_CHUNK; start < total; start += size, size = INGEST_CHUNK)
    yield [start, Math.min(total, start + size)];
}

function run(job: IngestJob, post: (reply: IngestReply) => void): void {
  const context: NormaliseContext = job.context;
  try {
    if (job.bytes !== undefined) {
      let first = 0;
      const head = job.head ?? 0;
      const leading = head ? [head, INGEST_FIRST_CHUNK] : [INGEST_FIRST_CHUNK];
      for (const lines of ndjsonLineChunks(Buffer.from(job.bytes), leading, INGEST_CHUNK)) {
        // The head's lines are the main thread's: only their count matters here, for the indexes.
        if ((lines[0]?.line ?? 0) > head)
          post({ job: job.job, kind: "chunk", ...normaliseAlerts(parseNdjsonLines(lines), first, context, nulFree(lines)) });
        first += lines.length;
      }
    } else {
      const items = checkBulkArray(job.items ?? []);
      for (const [start, end] of chunks(items.length)) {
        post({ job: job.job, kind: "chunk", ...normaliseAlerts(items.slice(start, end), start, context) });
      }
    }
    post({ job: job.job, kind: "done" });
  } catch (error) {
    if (error instanceof BulkBodyError) post({ job: job.job, kind: "error", field: error.field, reason: error.reason });
    else
      post({
        job: job.job,
        kind: "error",
        field: "body",
        reason: `could not be processed: ${error instanceof Error ? error.message : String(error)}`,
      });
  }
}

const port = parentPort;
if (port) port.on("message", (job: IngestJob) => run(job, (reply) => port.postMessage(reply)));
