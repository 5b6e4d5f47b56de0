import type SQLite from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/**
 * The SQLite connection as Kysely sees it, with its prepared statements kept (least recently used
 * first out). Kysely's driver prepares every statement on each call; parsing and planning the same
 * SQL again was about a tenth of the main thread during a bulk ingest. Reusing one is safe here:
 * better-sqlite3 runs a statement to the end synchronously, and Kysely holds the one connection
 * for a streamed query until its iteration ends, so no two uses of a statement overlap. A schema
 * change makes SQLite prepare a statement again by itself.
 */
export function withStatementCache(sqlite: SQLite.Database, max = 1000): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached as unknown as SqliteStatement;
      }
      const statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > max) cache.delete(cache.keys().next().value as string);
      return statement as unknown as SqliteStatement;
    },
  };
}
