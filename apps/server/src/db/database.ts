import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { SqliteBulk } from "./sqlite-bulk";
import { withStatementCache } from "./sqlite-statements";
import { startWalCheckpointer } from "./wal-checkpointer";
import type { DB } from "./tables";

export type DialectName = "sqlite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** Where the data lives, without credentials, for logs and the start-up banner. */
  location: string;
  /** SQLite only: prepared-statement bulk writes on Kysely's own connection. */
  bulk?: SqliteBulk;
  /**
   * SQLite only: refreshes the query planner's statistics (sqlite_stat1), as SQLite advises for
   * long-lived connections: "all" checks every table once the schema is final, "used" checks the
   * tables this connection has queried (every few hours and before closing). A table is analysed
   * when it has an index without statistics or its row count has changed about tenfold since it
   * was; each ANALYZE reads a bounded sample (analysis_limit). The benchmark databases get theirs
   * the same way, so production plans are the measured ones. Best effort: a busy or read-only
   * database keeps what it has.
   */
  optimize?(tables: "all" | "used"): Promise<void>;
  destroy(): Promise<void>;
}

// PostgreSQL returns int8 as text to avoid precision loss; our bigints are epoch milliseconds
// and counters, well inside Number's exact range.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export interface OpenOptions {
  /** SQLite: checkpoint the WAL on a worker thread (long-running processes; see wal-checkpointer.ts). */
  backgroundCheckpoints?: boolean;
}

export function openDatabase(url: string | undefined, dataDir: string, options: OpenOptions = {}): Database {
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  const file = url?.startsWith("sqlite:") ? url.slice("sqlite:".length) : path.join(dataDir, "watchfloor.db");
  return openSqlite(file, options);
}

function openSqlite(file: string, options: OpenOptions): Database {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  // 64 MiB of page cache instead of 2: every alert written touches a leaf of each of the ~20
  // list-sort indexes at a random place, and most of those pages were being re-read (raw
  // inserts measured 89 -> 73 µs a row). The cache fills only as pages are used.
  sqlite.pragma("cache_size = -65536");
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const stopCheckpoints = options.backgroundCheckpoints && file !== ":memory:" ? startWalCheckpointer(sqlite, file) : undefined;
  return {
    db,
    dialect: "sqlite",
    location: file === ":memory:" ? "sqlite (in memory)" : `sqlite ${path.resolve(file)}`,
    bulk: new SqliteBulk(sqlite),
    // Through Kysely, which queues it behind a transaction in progress on this connection.
    optimize: (tables) =>
      sql
        // 0x10012: check all tables (0x10000), analyse where useful (0x2), within a limit (0x10).
        .raw(tables === "all" ? "pragma optimize = 0x10012" : "pragma optimize")
        .execute(db)
        .then(
          () => undefined,
          () => undefined,
        ),
    destroy: async () => {
      await stopCheckpoints?.();
      await db.destroy();
    },
  };
}

function openPostgres(url: string): Database {
  // No parallel plans: every request query walks an index for a page or reads rollups, and a
  // parallel plan's worker start-up cost more than the work (the technique filter at a million
  // alerts: 99 ms with two workers, 29 ms without, EXPLAIN ANALYZE). Ten pooled connections
  // each starting workers would also contend for the server's eight worker processes.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: "-c max_parallel_workers_per_gather=0" });
  // An idle client that loses its connection (a database restart, or a test dropping its
  // database) emits "error"; pg discards that client and the next query opens a new one.
  // Without a listener the event would crash the process.
  pool.on("error", () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const safe = new URL(url);
  safe.password = "";
  return { db, dialect: "postgres", location: `postgres ${safe.host}${safe.pathname}`, destroy: () => db.destroy() };
}

/** Readiness: the database answers a trivial query. */
export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
