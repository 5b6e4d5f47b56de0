// Worker-thread entry: checkpoints a SQLite WAL on its own connection, so copying pages back
// into the database file (and its fsync) happens beside the writers, not inside their commits.
import { workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const db = new SQLite(file);

setInterval(() => {
  try {
    // PASSIVE never waits for readers or writers; what it cannot copy now waits for the next tick.
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // A busy database is retried on the next tick.
  }
}, intervalMs);
