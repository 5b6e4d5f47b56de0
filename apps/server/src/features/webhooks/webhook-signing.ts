import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): HMAC-SHA256 over
 * "{webhook-id}.{webhook-timestamp}.{body}" with the secret's base64 bytes after "whsec_",
 * sent as "v1,<base64>"; several signatures (during a secret rotation) are space-separated.
 */

const PREFIX = "whsec_";

/** A new secret: 32 random bytes, base64, with the specification's prefix. */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString("base64")}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
}

export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac("sha256", keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/** The headers of one attempt, signed with every secret given (current first). */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string } {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": secrets.map((s) => sign(s, id, timestampSeconds, body)).join(" "),
  };
}

/** True when one of the header's signatures is the secret's (constant time). For tests and docs. */
export function verify(secret: string, id: string, timestampSeconds: number, body: string, header: string): boolean {
  const expected = Buffer.from(sign(secret, id, timestampSeconds, body));
  return header.split(" ").some((part) => {
    const given = Buffer.from(part);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
