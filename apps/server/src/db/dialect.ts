import { type AliasedRawBuilder, type Kysely, type RawBuilder, SqliteAdapter, sql } from "kysely";

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

/**
 * Serialises transactions that take the same key across servers: a PostgreSQL advisory lock
 * held to the end of the transaction. SQLite needs none (one writer at a time, one server).
 */
export async function lockForTransaction(trx: Kysely<unknown>, key: number): Promise<void> {
  if (!isSqlite(trx)) await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
}

/**
 * The selected rows locked to the end of the transaction on PostgreSQL, so two servers'
 * transactions on them take turns. SQLite runs one write transaction at a time anyway. FOR NO
 * KEY UPDATE, not FOR UPDATE: it conflicts with itself but not with the key-share lock every
 * insert of a row referencing these rows takes (an alert, a finding figure kept by a trigger),
 * so taking turns does not also wait for every open transaction that wrote such a row.
 */
export function lockedForTurns<Q extends { forNoKeyUpdate(): Q }>(db: Pick<Kysely<unknown>, "getExecutor">, query: Q): Q {
  return db.getExecutor().adapter instanceof SqliteAdapter ? query : query.forNoKeyUpdate();
}

/**
 * Free-text search: SQLite keeps an FTS5 trigram table beside the rows, filled off the write
 * path (the index catch-up runs only there); PostgreSQL searches the rows through pg_trgm GIN
 * indexes and has no table to fill.
 */
export function hasSeparateSearchIndex(db: Pick<Kysely<unknown>, "getExecutor">): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * Whether list queries need this code's plan: SQLite's planner picks indexes by rules, so the
 * list repositories choose the driving index themselves (starting from a filter's matches, or
 * walking the sort index with "+" on the other columns). PostgreSQL's planner weighs row counts
 * and needs none of it.
 */
export function needsListPlans(db: Pick<Kysely<unknown>, "getExecutor">): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * SQLite: a 64 MB page cache while a big import runs (a finding touches about 25 index pages;
 * with the default 2 MB they are evicted and read back). Returns what restores the old size.
 */
export async function widenPageCache(db: Kysely<unknown>): Promise<() => Promise<void>> {
  if (!isSqlite(db)) return async () => {};
  const before = (await sql<{ cache_size: number }>`pragma cache_size`.execute(db)).rows[0]?.cache_size ?? -2000;
  await sql.raw("pragma cache_size = -65536").execute(db);
  return async () => {
    await sql.raw(`pragma cache_size = ${Number(before)}`).execute(db);
  };
}

/**
 * Several reads that must see one state of the database. PostgreSQL: one REPEATABLE READ
 * transaction (one snapshot; another connection's commit in between is not seen). SQLite: the
 * reads as they are, since its one connection serialises them with every write.
 */
export async function oneSnapshot<DB, T>(db: Kysely<DB>, read: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (isSqlite(db as Kysely<unknown>)) return read(db);
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute((trx) => read(trx));
}

/**
 * `column IN (values)` for long texts that PostgreSQL indexes as md5(column), because a B-tree
 * entry holds at most about 2.7 KB (remediation texts run longer); SQLite indexes the text itself.
 */
export function longTextIn(db: Kysely<unknown>, column: string, values: readonly string[]): RawBuilder<boolean> {
  const list = sql.join(values.map((v) => (isSqlite(db) ? sql`${v}` : sql`md5(${v})`)));
  return isSqlite(db) ? sql<boolean>`${sql.ref(column)} in (${list})` : sql<boolean>`md5(${sql.ref(column)}) in (${list})`;
}

/** Rows that `keyRows` can carry: its columns are named column1, column2, column3. */
export type KeyRow = { column1: string; column2: string; column3: string };

/**
 * A list of (text, text, text) keys as a table to join, named `alias`: three array parameters
 * unnested on PostgreSQL, a VALUES list on SQLite (three parameters a key: callers keep lists
 * under 10,000). On PostgreSQL a VALUES list of 5,000 keys took 2.5 times as long to parse and
 * plan as the same keys unnested (map identities, docs/map.md).
 */
export function keyRows<A extends string>(
  db: Kysely<unknown>,
  alias: A,
  keys: readonly (readonly [string, string, string])[],
): AliasedRawBuilder<KeyRow, A> {
  if (isSqlite(db)) return sql<KeyRow>`(values ${sql.join(keys.map(([a, b, c]) => sql`(${a}, ${b}, ${c})`))})`.as(alias);
  const column = (i: 0 | 1 | 2) => keys.map((k) => k[i]);
  return sql<KeyRow>`(select * from unnest(${column(0)}::text[], ${column(1)}::text[], ${column(2)}::text[]) as u(column1, column2, column3))`.as(
    alias,
  );
}
