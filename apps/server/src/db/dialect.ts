import { type Kysely, SqliteAdapter } from "kysely";

/**
 * The few places SQLite and PostgreSQL differ live here: free-text search (FTS5 trigram index
 * on SQLite, pg_trgm GIN index on PostgreSQL).
 */
export function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}
