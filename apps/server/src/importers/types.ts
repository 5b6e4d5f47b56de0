import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import type { AlertInput, DataQualityFinding, ImportDestination } from "@watchfloor/shared";

/**
 * What an importer yields for each row of a file. The caller (the ingest layer) stores records,
 * keeps rejected rows with their reasons and counts skipped rows by reason.
 */
export type ImportEvent =
  | { kind: "record"; row: number; alert: AlertInput; findings: DataQualityFinding[] }
  | { kind: "rejected"; row: number; problems: { field: string; reason: string }[]; raw: string }
  | { kind: "skipped"; row: number; reason: string }
  /** The row belongs to another store; `reason` is the skip reason when none is wired in. */
  | { kind: "routed"; row: number; destination: ImportDestination; reason: string };

export type { ImportDestination } from "@watchfloor/shared";

/** A file to import. `lines()` yields lines without their "\n" (and without a trailing "\r"). */
export interface ImportSource {
  text(): Promise<string>;
  lines(): AsyncIterable<string>;
  /** The text in pieces of any length (64 KB reads from a file), for parsers that take a text stream. */
  chunks?(): AsyncIterable<string>;
  /** The file behind it, when there is one (a worker thread can then read it itself). */
  readonly path?: string;
}

export type AlertImporter = (source: ImportSource) => AsyncIterable<ImportEvent>;

/**
 * The whole file cannot be read (a JSON document that does not parse, a CSV quote never closed,
 * a Zeek TSV row before its #fields header). The caller rejects the file as a whole.
 */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = "ImportFileError";
  }
}

/** Streams a file line by line at constant memory; `text()` reads it whole (document formats only). */
export function sourceFromFile(path: string): ImportSource {
  return {
    path,
    text: () => readFile(path, "utf8"),
    async *lines() {
      const input = createReadStream(path, { encoding: "utf8" });
      // crlfDelay: Infinity makes "\r\n" one line break even when split across chunks.
      const reader = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
      try {
        for await (const line of reader) yield line;
      } finally {
        reader.close();
        input.destroy();
      }
    },
    async *chunks() {
      const input = createReadStream(path, { encoding: "utf8", highWaterMark: 1 << 16 });
      try {
        for await (const chunk of input) yield chunk as string;
      } finally {
        input.destroy();
      }
    },
  };
}

export function sourceFromString(text: string): ImportSource {
  return {
    text: async () => text,
    async *lines() {
      if (text === "") return;
      const parts = text.split("\n");
      // A final "\n" ends the last line; it does not start an empty one (as node:readline does).
      if (parts[parts.length - 1] === "") parts.pop();
      for (const part of parts) yield part.endsWith("\r") ? part.slice(0, -1) : part;
    },
    async *chunks() {
      for (let at = 0; at < text.length; ) {
        let end = Math.min(text.length, at + (1 << 16));
        // Never split a surrogate pair between two pieces.
        if (end < text.length && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end--;
        yield text.slice(at, end);
        at = end;
      }
    },
  };
}
