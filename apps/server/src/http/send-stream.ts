import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/**
 * Sends a streamed body (a CSV export). Its route declares the media type with `textResponse` for
 * the API document; Fastify never runs the serializer on a stream, so the typed reply, which
 * expects the declared string, is widened here rather than cast at each route.
 */
export const sendStream = (reply: FastifyReply, stream: Readable) => reply.send(stream);

/**
 * A CSV export: `watchfloor-<what>-<day>.csv` as an attachment, streamed from `rows` (the
 * alert, finding and incident lists' exports page through keysets, so memory stays flat).
 */
export function sendCsvExport(reply: FastifyReply, what: string, now: number, rows: AsyncIterable<string>) {
  const day = new Date(now).toISOString().slice(0, 10);
  reply.header("content-type", "text/csv; charset=utf-8");
  reply.header("content-disposition", `attachment; filename="watchfloor-${what}-${day}.csv"`);
  return sendStream(reply, Readable.from(rows));
}
