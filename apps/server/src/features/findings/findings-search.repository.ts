import { type Kysely, sql } from "kysely";
import { hasSeparateSearchIndex } from "../../db/dialect";
import type { DB } from "../../db/tables";

/**
 * Adds up to `max` not-yet-indexed findings to the SQLite FTS5 trigram index; returns how many.
 * A no-op on PostgreSQL, whose GIN index the database maintains. `serve` calls this on the same
 * short timer as the alert index; the list never waits for it (see findingTextMatch).
 */
export async function indexPendingFindings(db: Kysely<DB>, max = 20_000): Promise<number> {
  if (!hasSeparateSearchIndex(db as Kysely<unknown>)) return 0;
  return db.transaction().execute(async (trx) => {
    const state = await sql<{ indexed_rowid: number }>`select indexed_rowid from findings_fts_state where id = 1`.execute(trx);
    const from = state.rows[0]?.indexed_rowid ?? 0;
    const last = await sql<{
      top: number | null;
    }>`select max(rowid) as top from (select rowid from findings where rowid > ${from} order by rowid limit ${max})`.execute(trx);
    const top = last.rows[0]?.top;
    if (top == null) return 0;
    await sql`insert into findings_fts(rowid, search_text) select rowid, search_text from findings where rowid > ${from} and rowid <= ${top}`.execute(
      trx,
    );
    await sql`update findings_fts_state set indexed_rowid = ${top} where id = 1`.execute(trx);
    return top - from;
  });
}

/** An FTS5 trigram phrase: a case-insensitive substring of 3+ characters. */
const ftsPhrase = (needle: string) => `"${needle.toLowerCase().replace(/"/g, '""')}"`;

/**
 * The findings a needle of 3+ characters can match on SQLite: indexed rows through the trigram
 * index, rows newer than the index directly. The caller's LIKE decides; this only narrows.
 */
export const findingTextCandidates = (needle: string) =>
  sql<boolean>`(findings.rowid in (select rowid from findings_fts where findings_fts match ${ftsPhrase(needle)})
    or findings.rowid > (select indexed_rowid from findings_fts_state where id = 1))`;

/** The rows a needle may match, to count (the caller caps it): FTS matches plus not-yet-indexed rows. */
export const textCandidateRows = (needle: string) =>
  sql`select 1 from findings_fts where findings_fts match ${ftsPhrase(needle)}
    union all select 1 from findings where rowid > (select indexed_rowid from findings_fts_state where id = 1)`;
