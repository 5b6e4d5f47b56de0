// Worker-thread entry: parses a scanner report (XML/JSON, validation, mapping) and sends its
// records in batches while the main thread writes the previous ones, so both cores work.
import { parentPort } from "node:worker_threads";
import { findingImporterFor, ImportFileError } from "../../importers/findings";
import { sourceFromFile } from "../../importers/types";
import {
  EVENTS_PER_MESSAGE,
  MESSAGES_AHEAD,
  type ParseCredit,
  type ParseJob,
  type ParseReply,
  type WireEvent,
} from "./findings-import.protocol";

const port = parentPort;
let credits = MESSAGES_AHEAD;
let wake: (() => void) | undefined;

async function send(reply: ParseReply): Promise<void> {
  // Bounded read-ahead: the file streams at the pace the database takes it (constant memory).
  while (reply.kind === "events" && credits === 0)
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  if (reply.kind === "events") credits--;
  port?.postMessage(reply);
}

async function run(job: ParseJob): Promise<void> {
  let batch: WireEvent[] = [];
  try {
    for await (const event of findingImporterFor(job.format)(sourceFromFile(job.path))) {
      if ((event.kind === "record" || event.kind === "informational") && event.finding.raw !== undefined) {
        batch.push({ ...event, finding: { ...event.finding, raw: undefined }, rawJson: JSON.stringify(event.finding.raw) });
      } else {
        batch.push(event);
      }
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
}

port?.on("message", (message: ParseJob | ParseCredit) => {
  if (message.kind === "credit") {
    credits++;
    wake?.();
    wake = undefined;
  } else {
    void run(message);
  }
});
