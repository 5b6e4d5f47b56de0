import { stat } from "node:fs/promises";
import { parentPort, type Worker } from "node:worker_threads";
import { ImportFileError, type ImportSource } from "./types";

/**
 * Parsing a file in a worker thread: the worker reads and maps the file and sends its events in
 * messages of EVENTS_PER_MESSAGE, at most MESSAGES_AHEAD ahead of what the main thread has taken
 * (constant memory: the file streams at the pace the database takes it). The main thread only
 * writes, in slices, so it keeps answering other requests. The findings import has its own
 * worker of this shape (features/findings/findings-import.events.ts).
 */
export const EVENTS_PER_MESSAGE = 500;
export const MESSAGES_AHEAD = 4;
/** Files from this size are parsed in a worker thread; smaller ones are not worth starting one. */
export const OFF_THREAD_BYTES = 4 * 1024 * 1024;

type ToWorker<J> = { kind: "start"; job: J } | { kind: "credit" };
type FromWorker<T> =
  | { kind: "events"; events: T[] }
  | { kind: "done" }
  | { kind: "error"; fileError: boolean; message: string; line?: number };

/** Whether a source is big enough (a file of OFF_THREAD_BYTES or more) to parse off the main thread. */
export async function worthAWorker(source: ImportSource, offThread?: boolean): Promise<boolean> {
  if (!source.path) return false;
  return offThread ?? (await stat(source.path)).size >= OFF_THREAD_BYTES;
}

/** Main thread: the events a worker (started by the caller, stopped here) produces for `job`. */
export async function* parsedOffThread<J, T>(worker: Worker, job: J): AsyncGenerator<T> {
  const replies: FromWorker<T>[] = [];
  let wake: (() => void) | undefined;
  const push = (reply: FromWorker<T>) => {
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
    worker.postMessage({ kind: "start", job } satisfies ToWorker<J>);
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
      worker.postMessage({ kind: "credit" } satisfies ToWorker<J>);
      yield* reply.events;
    }
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
  }
}

/** Worker side: answers the start message with the events of `produce(job)`, a message at a time. */
export function serveParsing<J, T>(produce: (job: J) => AsyncIterable<T>): void {
  const port = parentPort;
  if (!port) return;
  let credits = MESSAGES_AHEAD;
  let wake: (() => void) | undefined;
  const send = async (reply: FromWorker<T>) => {
    while (reply.kind === "events" && credits === 0)
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    if (reply.kind === "events") credits--;
    port.postMessage(reply);
  };
  const run = async (job: J) => {
    let batch: T[] = [];
    try {
      for await (const event of produce(job)) {
        batch.push(event);
        if (batch.length >= EVENTS_PER_MESSAGE) {
          await send({ kind: "events", events: batch });
          batch = [];
        }
      }
      if (batch.length) await send({ kind: "events", events: batch });
      await send({ kind: "done" });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await send({
        kind: "error",
        fileError: error instanceof ImportFileError,
        message,
        line: error instanceof ImportFileError ? error.line : undefined,
      });
    }
  };
  port.on("message", (message: ToWorker<J>) => {
    if (message.kind === "credit") {
      credits++;
      wake?.();
      wake = undefined;
    } else {
      void run(message.job);
    }
  });
}
