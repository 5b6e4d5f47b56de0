import { createWriteStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { errorCodes, importLimits, jsonMaxDepth } from "@watchfloor/shared";
import { AppError, invalid } from "../../http/errors";
import { unreadableTextReason } from "../../importers/sniff";
import { type ImportSource, sourceFromFile } from "../../importers/types";
import { valueTooDeep } from "../../lib/json-depth";

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

const tooLarge = (limit: number) =>
  new AppError(
    413,
    errorCodes.payloadTooLarge,
    `The file is larger than the ${megabytes(limit)} this import accepts. Split it, or import it with the watchfloor command line, which has no limit.`,
  );

/**
 * Uploads arrive as the raw file body (what XMLHttpRequest sends with progress events). Each
 * upload route sets its own bodyLimit from uploadLimits (docs/importers/limits.md). Fastify
 * enforces a route's bodyLimit only on bodies it reads itself, so a raw upload is checked here:
 * a declared length over the route's limit is refused before a byte is read (the connection is
 * then closed), and withUploadedFile counts what arrives without one.
 */
export function acceptRawUploads(app: FastifyInstance, types = ["application/octet-stream", "text/csv", "text/plain"]): void {
  for (const type of types) {
    app.addContentTypeParser(type, (request, payload, done) => {
      const limit = request.routeOptions.bodyLimit;
      if (Number(request.headers["content-length"]) > limit) return done(tooLarge(limit), undefined);
      done(null, payload);
    });
  }
}

/**
 * Spools an uploaded body to a temporary file so importers stream it at constant memory (and
 * format detection can read its head first), refuses it whole when its first bytes are not
 * text, then removes the file whatever happens.
 */
export async function withUploadedFile<T>(
  request: Pick<FastifyRequest, "body" | "routeOptions">,
  use: (source: ImportSource) => Promise<T>,
): Promise<T> {
  const body = request.body;
  const dir = await mkdtemp(path.join(tmpdir(), "wf-upload-"));
  const file = path.join(dir, "upload");
  try {
    const stream = body as Readable | undefined;
    if (stream && typeof stream.pipe === "function") {
      await spool(stream, file, request.routeOptions.bodyLimit);
      const reason = await sniffFile(file);
      if (reason)
        throw new AppError(400, errorCodes.unreadableFile, `The file was rejected whole: ${reason}. Nothing was imported.`);
    } else {
      // A JSON body was parsed on the way in: refuse hostile nesting before writing it back out.
      if (valueTooDeep(body, jsonMaxDepth)) throw invalid("file", `nests JSON deeper than ${jsonMaxDepth} levels`);
      await pipeline([typeof body === "string" ? body : JSON.stringify(body ?? "")], createWriteStream(file));
    }
    return await use(sourceFromFile(file));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Writes the body to `file`, counting bytes: past `limit` the rest is discarded and the upload refused. */
async function spool(stream: Readable, file: string, limit: number): Promise<void> {
  let size = 0;
  try {
    await pipeline(
      // Not destroyed on failure: the request must stay open for the 413 to be sent.
      stream.iterator({ destroyOnReturn: false }),
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          if (size > limit) throw tooLarge(limit);
          yield chunk;
        }
      },
      createWriteStream(file),
    );
  } catch (error) {
    stream.resume();
    throw error;
  }
}

/** Why the spooled file is not text (judged on its first bytes), or null. */
async function sniffFile(file: string): Promise<string | null> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(importLimits.sniffBytes);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const complete = bytesRead < head.length || (await handle.stat()).size === bytesRead;
    return unreadableTextReason(head.subarray(0, bytesRead), complete);
  } finally {
    await handle.close();
  }
}
