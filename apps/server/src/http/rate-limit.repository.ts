import { type Kysely, sql } from "kysely";
import type { DB } from "../db/tables";

/**
 * Counts one request for `key` in its window (a new window when the last one ended), in one
 * statement that every server runs against the same row: the database serialises them.
 */
export async function hitWindow(
  db: Kysely<DB>,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ hits: number; windowStart: number }> {
  const ended = sql<boolean>`rate_limits.window_start + ${windowMs} <= ${now}`;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: now, hits: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql<number>`case when ${ended} then 1 else rate_limits.hits + 1 end`,
        window_start: sql<number>`case when ${ended} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(["hits", "window_start"])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowStart: Number(row.window_start) };
}

export async function readWindow(db: Kysely<DB>, key: string) {
  return db.selectFrom("rate_limits").select(["hits", "window_start"]).where("key", "=", key).executeTakeFirst();
}

/** Windows that ended long ago. */
export async function deleteWindowsBefore(db: Kysely<DB>, before: number): Promise<void> {
  await db.deleteFrom("rate_limits").where("window_start", "<", before).execute();
}
