import { invalid } from "./errors";

/** Keyset cursors are opaque to clients: base64url JSON of the last row's sort key. */
export const encodeCursor = (key: { at: number; id: string }): string =>
  Buffer.from(JSON.stringify(key)).toString("base64url");

export function decodeCursor(cursor: string | undefined, field: string): { at: number; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, "base64url").toString()) as { at: unknown; id: unknown };
    if (typeof key.at === "number" && typeof key.id === "string") return { at: key.at, id: key.id };
  } catch {
    // fall through to the error below
  }
  throw invalid(field, "is not a cursor this API issued");
}
