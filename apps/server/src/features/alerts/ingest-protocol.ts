import type { AlertsTable } from "../../db/tables";
import type { IngestRejection, NormaliseContext } from "./alert-normalise";

/** Rows per message from the ingest worker: small enough to overlap, big enough to amortise. */
export const INGEST_CHUNK = 1000;
/** The first chunk of a request: the main thread waits for it with nothing else to do. */
export const INGEST_FIRST_CHUNK = 100;
/**
 * Lines of a big NDJSON body the main thread normalises itself while the worker starts on the
 * rest: the worker's first chunk reached the main thread 25 ms after the job was posted (5 ms of
 * it parsing), with the main thread idle. Writing this many alerts takes about as long.
 */
export const INGEST_HEAD = 250;

export interface IngestJob {
  job: number;
  context: NormaliseContext;
  /** An NDJSON body as UTF-8 bytes (transferred, not copied), decoded, split and parsed in the worker, or items already parsed from a JSON array. */
  bytes?: ArrayBuffer;
  /** The first lines of `bytes` that the main thread normalises itself: the worker counts them but does not parse them. */
  head?: number;
  items?: unknown[];
}

export type IngestReply =
  | { job: number; kind: "chunk"; rows: AlertsTable[]; rejected: IngestRejection[] }
  | { job: number; kind: "done" }
  | { job: number; kind: "error"; field: string; reason: string };

export type IngestChunk = { rows: AlertsTable[]; rejected: IngestRejection[] };
