import type SQLite from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/** Distinct statements kept prepared: the app's queries, with room for a few sizes of each `in (...)` list. */
const CACHED_STATEMENTS = 300;
/** Longer SQL (a multi-row VALUES insert) is prepared each time rather than kept in memory. */
const MAX_CACHED_SQL = 64 * 1024;

/**
 * The connection as Kysely's SQLite dialect sees it, with a cache of prepared statements by SQL
 * text. Kysely prepares every query anew, and preparing often costs as much as running: during a
 * bulk ingest the dashboard rollup refresh spent a third of its time in `prepare` (the same
 * statements, a few times a second). A cached statement still open in an iterator (a streamed
 * export) is busy, so that caller gets a fresh one. SQLite re-prepares a statement by itself
 * when the schema changes under it.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        // Least recently used first: move this one to the end.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached && sql.length <= MAX_CACHED_SQL) {
        cache.set(sql, statement);
        if (cache.size > CACHED_STATEMENTS) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}
