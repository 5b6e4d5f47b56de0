import { type Kysely, sql } from "kysely";
import { isSqlite } from "../dialect";

/**
 * Substring search over alerts.search_text at a million rows.
 * SQLite: an FTS5 trigram index filled in the background (features/alerts/alert-search.repository.ts) so
 * ingestion does not pay for tokenising; rows past `indexed_rowid` are scanned directly, so
 * search stays exact while the index catches up. Updates and deletes of indexed rows are kept
 * in step by triggers.
 * PostgreSQL: a pg_trgm GIN index that LIKE '%...%' uses directly.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    await sql`create virtual table alerts_fts using fts5(search_text, content='alerts', content_rowid='rowid', tokenize='trigram')`.execute(
      db,
    );
    await sql`create table alerts_fts_state (id integer primary key check (id = 1), indexed_rowid integer not null)`.execute(db);
    await sql`insert into alerts_fts_state (id, indexed_rowid) values (1, 0)`.execute(db);
    await sql`create trigger alerts_fts_delete after delete on alerts
      when old.rowid <= (select indexed_rowid from alerts_fts_state) begin
      insert into alerts_fts(alerts_fts, rowid, search_text) values ('delete', old.rowid, old.search_text); end`.execute(db);
    await sql`create trigger alerts_fts_update after update of search_text on alerts
      when old.rowid <= (select indexed_rowid from alerts_fts_state) begin
      insert into alerts_fts(alerts_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
      insert into alerts_fts(rowid, search_text) values (new.rowid, new.search_text); end`.execute(db);
    return;
  }
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index alerts_search_trgm_idx on alerts using gin (search_text gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    for (const trigger of ["alerts_fts_delete", "alerts_fts_update"])
      await sql`drop trigger if exists ${sql.ref(trigger)}`.execute(db);
    await sql`drop table if exists alerts_fts_state`.execute(db);
    await sql`drop table if exists alerts_fts`.execute(db);
    return;
  }
  await sql`drop index if exists alerts_search_trgm_idx`.execute(db);
}
