import type { FindingImportFormat } from "@watchfloor/shared";
import type { FindingImportEvent } from "../../importers/findings";

/** Events per message, and messages the worker may have sent ahead of the importer's writes. */
export const EVENTS_PER_MESSAGE = 500;
export const MESSAGES_AHEAD = 4;

export interface ParseJob {
  kind: "start";
  format: FindingImportFormat;
  path: string;
}

/** The main thread took one message: the worker may send one more. */
export interface ParseCredit {
  kind: "credit";
}

/**
 * A record's `raw` travels as JSON text (`rawJson`): the store keeps it as text anyway, and
 * structured-cloning a string is far cheaper than cloning the object tree.
 */
export type WireEvent = FindingImportEvent & { rawJson?: string };

export type ParseReply =
  | { kind: "events"; events: WireEvent[] }
  | { kind: "done" }
  | { kind: "error"; fileError: boolean; message: string; line?: number };
