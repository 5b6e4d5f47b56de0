import { z } from "zod";

/** A write that has nothing to return but that it happened. */
export const okSchema = z.object({ ok: z.literal(true) });

/**
 * A JSON value kept as it came (an imported record, a timeline change, audit details): its shape
 * belongs to whoever wrote it, not to this contract. Marked `x-free-form` in the OpenAPI document
 * so the response-schema test can tell a deliberate free-form value from a forgotten schema.
 */
export const freeFormRecord = (description: string) =>
  z.record(z.string(), z.unknown()).meta({ description, "x-free-form": true });

export const freeFormValue = (description: string) => z.unknown().meta({ description, "x-free-form": true });

/**
 * A response that is not JSON (a CSV file, an event stream): the OpenAPI document names its media
 * type. Such bodies are streamed or written raw, so the serializer never runs on them.
 */
export const textResponse = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.string().meta({ description }) } },
});

/** A file download that is not text (a PDF): the OpenAPI document names its media type as binary. */
export const fileResponse = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.string().meta({ description, format: "binary" }) } },
});

/** A response with no body (204). */
export const noContentResponse = (description: string) => z.null().meta({ description });

/**
 * A redirect (single sign-on hand-offs): no body, the Location header says where. `type: "null"`
 * is how @fastify/swagger is told a response has no content; the reply is never serialized.
 */
export const redirectResponse = (description: string) =>
  z.unknown().meta({ description, type: "null", headers: { location: { type: "string", description: "Where to go next." } } });
