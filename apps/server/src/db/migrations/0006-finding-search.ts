import { type Kysely, sql } from "kysely";
import { isSqlite } from "../dialect";

/**
 * Substring search over findings.search_text (title, CVEs, asset key, name, host names) at
 * 500,000 findings: a rare needle (one host name) would otherwise read every finding.
 * SQLite: an FTS5 trigram index filled in the background (features/findings/findings-search.repository.ts),
 * as for alerts, because indexing inside the import made scanner imports about four times slower;
 * rows past `indexed_rowid` are matched directly, so search stays exact while the index catches up.
 * Updates and deletes of indexed rows are kept in step by triggers.
 * PostgreSQL: a pg_trgm GIN index that LIKE '%...%' uses directly (the extension comes from 0003).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    await sql`create virtual table findings_fts using fts5(search_text, content='findings', content_rowid='rowid', tokenize='trigram')`.execute(
      db,
    );
    await sql`create table findings_fts_state (id integer primary key check (id = 1), indexed_rowid integer not null)`.execute(
      db,
    );
    await sql`insert into findings_fts_state (id, indexed_rowid) values (1, 0)`.execute(db);
    await sql`create trigger findings_fts_delete after delete on findings
      when old.rowid <= (select indexed_rowid from findings_fts_state) begin
      insert into findings_fts(findings_fts, rowid, search_text) values ('delete', old.rowid, old.search_text); end`.execute(db);
    await sql`create trigger findings_fts_update after update of search_text on findings
      when old.rowid <= (select indexed_rowid from findings_fts_state) and old.search_text is not new.search_text begin
      insert into findings_fts(findings_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
      insert into findings_fts(rowid, search_text) values (new.rowid, new.search_text); end`.execute(db);
    return;
  }
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index findings_search_trgm_idx on findings using gin (search_text gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    for (const trigger of ["findings_fts_delete", "findings_fts_update"])
      await sql`drop trigger if exists ${sql.ref(trigger)}`.execute(db);
    await sql`drop table if exists findings_fts_state`.execute(db);
    await sql`drop table if exists findings_fts`.execute(db);
    return;
  }
  await sql`drop index if exists findings_search_trgm_idx`.execute(db);
}
