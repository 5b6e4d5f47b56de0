// Worker-thread entry: validates and normalises big bulk requests in chunks while the main
// thread writes the previous chunk, so parsing and SQLite inserts use both cores.
import { parentPort } from "node:worker_threads";
import type { NormaliseContext } from "./alert-normalise";
import { normaliseAlerts } from "./alert-normalise";
import { BulkBodyError, checkBulkArray, ndjsonLines, parseNdjsonLines } from "./bulk-body";
import { INGEST_CHUNK, type IngestJob, type IngestReply } from "./ingest-protocol";

function run(job: IngestJob, post: (reply: IngestReply) => void): void {
  const context: NormaliseContext = job.context;
  try {
    if (job.text !== undefined) {
      const lines = ndjsonLines(job.text);
      for (let i = 0; i < lines.length; i += INGEST_CHUNK) {
        post({ job: job.job, kind: "chunk", ...normaliseAlerts(parseNdjsonLines(lines.slice(i, i + INGEST_CHUNK)), i, context) });
      }
    } else {
      const items = checkBulkArray(job.items ?? []);
      for (let i = 0; i < items.length; i += INGEST_CHUNK) {
        post({ job: job.job, kind: "chunk", ...normaliseAlerts(items.slice(i, i + INGEST_CHUNK), i, context) });
      }
    }
    post({ job: job.job, kind: "done" });
  } catch (error) {
    if (error instanceof BulkBodyError) post({ job: job.job, kind: "error", field: error.field, reason: error.reason });
    else post({ job: job.job, kind: "error", field: "body", reason: `could not be processed: ${error instanceof Error ? error.message : String(error)}` });
  }
}

const port = parentPort;
if (port) port.on("message", (job: IngestJob) => run(job, (reply) => port.postMessage(reply)));
