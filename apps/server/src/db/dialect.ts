import { type Kysely, type RawBuilder, SqliteAdapter, sql } from "kysely";

/**
 * The few places SQLite and PostgreSQL differ live here: free-text search (FTS5 trigram index
 * on SQLite, pg_trgm GIN index on PostgreSQL).
 */
export function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * Whether each statement runs on the main thread (better-sqlite3) rather than on a socket
 * (pg). Long work on such a database goes in short slices with the event loop free between
 * them (lib/yield.ts); on PostgreSQL a slice costs a transaction round trip instead, so work
 * goes in large batches.
 */
export function statementsHoldTheThread(db: Kysely<unknown>): boolean {
  return isSqlite(db);
}

/**
 * `table.column` kept out of the planner's index choice. On SQLite an index on a
 * low-cardinality column (status, priority, tenant) is often picked over the one the query
 * should walk (the sort column of a list, detected_at for a time window), and then every match
 * is collected, grouped or sorted: 86 ms instead of 0.5 ms for the open-alert workload of two
 * quarter hours among 100,000 alerts. SQLite's unary "+" hides the column from index selection;
 * PostgreSQL's planner weighs row counts and LIMIT itself, and has no such operator for text.
 */
export function unindexed<T = string | number | null>(db: Kysely<unknown>, table: string, column: string): RawBuilder<T> {
  const ref = sql.ref(`${table}.${column}`);
  return isSqlite(db) ? sql<T>`+${ref}` : sql<T>`${ref}`;
}

/**
 * A claim query that skips rows another server has locked (PostgreSQL's FOR UPDATE SKIP
 * LOCKED). SQLite has one writer at a time, so a write transaction already excludes the others.
 */
export function skipLocked<Q extends { forUpdate(): { skipLocked(): Q } }>(
  db: Pick<Kysely<unknown>, "getExecutor">,
  query: Q,
): Q {
  return db.getExecutor().adapter instanceof SqliteAdapter ? query : query.forUpdate().skipLocked();
}
