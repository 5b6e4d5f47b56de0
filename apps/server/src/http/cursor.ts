import type { Cursor } from "../db/keyset";
import { invalid } from "./errors";

export type { Cursor };

/** Keyset cursors are opaque to clients: base64url JSON of the last row's sort key (by creation time, for the short lists). */
export const encodeCursor = (key: { at: number; id: string }): string => Buffer.from(JSON.stringify(key)).toString("base64url");

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

/** The sort a cursor continues: a cursor is valid only for the sort and direction it was issued for. */
export interface CursorSort {
  sort: string;
  dir: "asc" | "desc";
  /** The type of the sort value; a value of another type would reach the database (a 500 on PostgreSQL). */
  type: "number" | "string";
  nullable: boolean;
}

/**
 * Reads a cursor this API issued for this sort (every keyset list: alerts, incidents, findings, assets). One
 * from another sort or direction, or whose value does not fit the sort, is a 400 on `cursor`.
 */
export function decodeSortCursor(cursor: string | undefined, expected: CursorSort): Cursor | undefined {
  if (!cursor) return undefined;
  let parsed: { s?: unknown; d?: unknown; v?: unknown; id?: unknown; r?: unknown } | null = null;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString());
  } catch {
    // reported below
  }
  if (!parsed || typeof parsed !== "object" || typeof parsed.id !== "string")
    throw invalid("cursor", "is not a cursor this API issued");
  if (parsed.s !== expected.sort || parsed.d !== expected.dir) {
    throw invalid("cursor", `was issued for another sort; it continues only sort=${String(parsed.s)}&dir=${String(parsed.d)}`);
  }
  const v = parsed.v;
  const fits =
    v === null
      ? expected.nullable
      : expected.type === "number"
        ? typeof v === "number" && Number.isFinite(v)
        : typeof v === "string";
  if (!fits) throw invalid("cursor", `has a value that does not fit the sort on ${expected.sort}`);
  if (parsed.r !== undefined && !Number.isSafeInteger(parsed.r)) throw invalid("cursor", "is not a cursor this API issued");
  return { v: v as Cursor["v"], id: parsed.id, ...(parsed.r === undefined ? {} : { seq: parsed.r as number }) };
}

export const encodeSortCursor = (sort: Pick<CursorSort, "sort" | "dir">, c: Cursor) =>
  Buffer.from(JSON.stringify({ s: sort.sort, d: sort.dir, v: c.v, id: c.id, r: c.seq })).toString("base64url");
