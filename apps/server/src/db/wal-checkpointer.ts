import type SQLite from "better-sqlite3";
import { startWorker } from "../lib/worker-entry";

const INTERVAL_MS = 200;
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

/**
 * Moves WAL checkpoints off the writing connection. By default SQLite checkpoints inside the
 * commit that pushes the WAL past 1000 pages: a 10,000-alert bulk commit then also copies the
 * whole WAL into the database file and syncs it (measured at about 17 µs of the ~77 µs an
 * ingested alert costs the main thread). A worker thread with its own connection checkpoints
 * every 200 ms instead. If the worker stops, the connection checkpoints itself again.
 * Returns a stop function for shutdown.
 */
export function startWalCheckpointer(sqlite: SQLite.Database, file: string): () => Promise<void> {
  const worker = startWorker(import.meta.url, "./wal-checkpoint.worker.ts", "wal-checkpoint-worker", {
    workerData: { file, intervalMs: INTERVAL_MS },
  });
  let stopping = false;
  const restore = () => {
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
  };
  worker.on("error", restore);
  worker.on("exit", () => {
    if (!stopping) restore();
  });
  worker.unref();
  sqlite.pragma("wal_autocheckpoint = 0");
  return async () => {
    stopping = true;
    restore();
    await worker.terminate();
  };
}
