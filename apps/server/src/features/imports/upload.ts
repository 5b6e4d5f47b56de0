import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyInstance } from "fastify";
import { jsonMaxDepth } from "@watchfloor/shared";
import { invalid } from "../../http/errors";
import { type ImportSource, sourceFromFile } from "../../importers/types";
import { valueTooDeep } from "../../lib/json-depth";

export const UPLOAD_LIMIT = 512 * 1024 * 1024;

/** Uploads arrive as the raw file body (what XMLHttpRequest sends with progress events). */
export function acceptRawUploads(app: FastifyInstance, types = ["application/octet-stream", "text/csv", "text/plain"]): void {
  for (const type of types) {
    app.addContentTypeParser(type, { bodyLimit: UPLOAD_LIMIT }, (_request, payload, done) => done(null, payload));
  }
}

/**
 * Spools an uploaded body to a temporary file so importers stream it at constant memory (and
 * format detection can read its head first), then removes the file whatever happens.
 */
export async function withUploadedFile<T>(body: unknown, use: (source: ImportSource) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "wf-upload-"));
  const file = path.join(dir, "upload");
  try {
    const stream = body as Readable | undefined;
    if (stream && typeof stream.pipe === "function") await pipeline(stream, createWriteStream(file));
    else {
      // A JSON body was parsed on the way in: refuse hostile nesting before writing it back out.
      if (valueTooDeep(body, jsonMaxDepth)) throw invalid("file", `nests JSON deeper than ${jsonMaxDepth} levels`);
      await pipeline([typeof body === "string" ? body : JSON.stringify(body ?? "")], createWriteStream(file));
    }
    return await use(sourceFromFile(file));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
