import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/**
 * Sends a streamed body (a CSV export). Its route declares the media type with `textResponse` for
 * the API document; Fastify never runs the serializer on a stream, so the typed reply, which
 * expects the declared string, is widened here rather than cast at each route.
 */
export const sendStream = (reply: FastifyReply, stream: Readable) => reply.send(stream);
