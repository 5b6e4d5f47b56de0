import { type Kysely, sql } from "kysely";
import { hasSeparateSearchIndex } from "../../db/dialect";
import type { DB } from "../../db/tables";

/**
 * Adds up to `max` not-yet-indexed alerts to the SQLite FTS5 index; returns how many. A no-op
 * on PostgreSQL, whose GIN index is maintained by the database. `serve` calls this on a short
 * timer; search never waits for it (see textMatch).
 */
export async function indexPendingAlerts(db: Kysely<DB>, max = 20_000): Promise<number> {
  if (!hasSeparateSearchIndex(db as Kysely<unknown>)) return 0;
  return db.transaction().execute(async (trx) => {
    const state = await sql<{ indexed_rowid: number }>`select indexed_rowid from alerts_fts_state where id = 1`.execute(trx);
    const from = state.rows[0]?.indexed_rowid ?? 0;
    const last = await sql<{
      top: number | null;
    }>`select max(rowid) as top from (select rowid from alerts where rowid > ${from} order by rowid limit ${max})`.execute(trx);
    const top = last.rows[0]?.top;
    if (top == null) return 0;
    await sql`insert into alerts_fts(rowid, search_text) select rowid, search_text from alerts where rowid > ${from} and rowid <= ${top}`.execute(
      trx,
    );
    await sql`update alerts_fts_state set indexed_rowid = ${top} where id = 1`.execute(trx);
    return top - from;
  });
}

/**
 * Substring match on search_text. SQLite: indexed rows through the FTS5 trigram index (needles of
 * 3+ characters), rows newer than the index by a direct scan, and LIKE on every candidate so both
 * engines answer exactly the same. PostgreSQL: LIKE, served by the pg_trgm index.
 */
export function textMatch(db: Kysely<DB>, needle: string) {
  const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const likeSql = sql<boolean>`alerts.search_text like ${like} escape '\\'`;
  if (!hasSeparateSearchIndex(db as Kysely<unknown>) || needle.length < 3) return likeSql;
  const phrase = `"${needle.replace(/"/g, '""')}"`;
  return sql<boolean>`((alerts.rowid in (select rowid from alerts_fts where alerts_fts match ${phrase}) or alerts.rowid > (select indexed_rowid from alerts_fts_state where id = 1)) and ${likeSql})`;
}
