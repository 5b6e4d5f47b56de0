import { createHash, createHmac, randomBytes, randomFillSync, timingSafeEqual } from "node:crypto";

let lastMs = 0;
let sequence = 0;

// Ids are minted in bursts of thousands during bulk ingest: one random fill per 512 ids
// instead of one randomBytes() call (a syscall and an allocation) per id.
const pool = Buffer.alloc(8 * 512);
let poolOffset = pool.length;
const hexByte = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/**
 * UUIDv7: time-ordered, so rows created in one millisecond still sort in creation order
 * (timelines, keyset pages). A 12-bit counter keeps ids monotonic inside a millisecond;
 * the last 62 bits are random.
 */
export function newId(): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else if (++sequence > 0xfff) {
    lastMs += 1;
    sequence = 0;
  }
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const r = poolOffset;
  poolOffset += 8;
  const time = lastMs.toString(16).padStart(12, "0");
  const h = (i: number) => hexByte[pool[r + i] ?? 0];
  return (
    `${time.slice(0, 8)}-${time.slice(8)}-${(0x7000 | sequence).toString(16)}-` +
    `${hexByte[0x80 | ((pool[r] ?? 0) & 0x3f)]}${h(1)}-${h(2)}${h(3)}${h(4)}${h(5)}${h(6)}${h(7)}`
  );
}
export const newToken = (bytes = 32): string => randomBytes(bytes).toString("base64url");
export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** value.signature, for short-lived cookies the client must not alter. */
export function sign(value: string, secret: string): string {
  return `${value}.${createHmac("sha256", secret).update(value).digest("base64url")}`;
}

export function unsign(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 0) return null;
  const value = signed.slice(0, dot);
  return safeEqual(sign(value, secret), signed) ? value : null;
}
