import { stat } from "node:fs/promises";
import type { FindingImportFormat } from "@watchfloor/shared";
import { findingImporterFor, ImportFileError } from "../../importers/findings";
import type { ImportSource } from "../../importers/types";
import { startWorker } from "../../lib/worker-entry";
import type { ParseCredit, ParseJob, ParseReply, WireEvent } from "./findings-import.protocol";

/** Files from this size are parsed in a worker thread; smaller ones are not worth starting one. */
export const OFF_THREAD_BYTES = 4 * 1024 * 1024;

/**
 * The importer's events for a report: parsed on this thread, or for a big file in a worker thread
 * that reads ahead a few batches while this thread writes (the database work and the parsing
 * then run on two cores at once, at constant memory).
 */
export async function* findingEvents(
  source: ImportSource,
  format: FindingImportFormat,
  offThread?: boolean,
): AsyncGenerator<WireEvent> {
  const path = source.path;
  const big = offThread ?? (path !== undefined && (await stat(path)).size >= OFF_THREAD_BYTES);
  if (!big || !path) {
    yield* findingImporterFor(format)(source);
    return;
  }
  const worker = startWorker(import.meta.url, "./findings-import.worker.ts", "findings-import-worker");
  const replies: ParseReply[] = [];
  let wake: (() => void) | undefined;
  const push = (reply: ParseReply) => {
    replies.push(reply);
    wake?.();
    wake = undefined;
  };
  worker.on("message", push);
  worker.on("error", (error) =>
    push({ kind: "error", fileError: false, message: `the parsing worker stopped: ${error.message}` }),
  );
  worker.on("exit", () => push({ kind: "error", fileError: false, message: "the parsing worker exited" }));
  try {
    worker.postMessage({ kind: "start", format, path } satisfies ParseJob);
    for (;;) {
      if (replies.length === 0)
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      const reply = replies.shift();
      if (!reply) continue;
      if (reply.kind === "done") return;
      if (reply.kind === "error")
        throw reply.fileError ? new ImportFileError(reply.message, reply.line) : new Error(reply.message);
      worker.postMessage({ kind: "credit" } satisfies ParseCredit);
      yield* reply.events;
    }
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
  }
}
