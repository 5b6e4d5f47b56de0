import { rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { alertInputSchema, type Priority } from "@watchfloor/shared";
import SQLite from "better-sqlite3";
import { toAlertRow } from "../apps/server/src/features/alerts/alert-row";
import { generateAlerts } from "../apps/server/src/seed/demo-generator";
import { policyFor } from "../apps/server/src/features/alerts/sla";
import { newId } from "../apps/server/src/lib/tokens";
import { benchApp } from "./bench-app";

export interface RawInsert {
  total: number;
  now: number;
  /** Indexes on `alerts` dropped before the inserts (names as in the migrations). */
  without?: readonly string[];
}

/**
 * The baseline of the ingest benchmarks: generated alerts, normalised as ingestion does, through
 * one prepared INSERT in 10,000-row transactions into a freshly migrated on-disk database, with
 * SQLite's own checkpoints (on this thread). Returns rows a second and CPU microseconds a row
 * for the whole process (this thread, and V8's garbage collection helpers).
 */
export async function rawAlertInsert({ total, now, without = [] }: RawInsert): Promise<{ rate: number; cpuPerRow: number }> {
  const alerts = [...generateAlerts({ seed: 7, count: total, tenants: ["tenant-a"], now, daysBack: 30 })].map((a) => a.alert);
  const app = await benchApp();
  const tenantId = app.tenants[0]?.id ?? "";
  const rows = alerts.map((a) => {
    const parsed = alertInputSchema.parse(a);
    return toAlertRow(parsed, tenantId, newId(), now, policyFor(parsed.priority as Priority, undefined));
  });
  // The server and its connection (with its checkpoint worker) are closed before the timing.
  await app.app.close();
  await app.database.destroy();
  const sqlite = new SQLite(`${app.dir}/watchfloor.db`);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  for (const name of without) sqlite.exec(`drop index ${name}`);
  const columns = Object.keys(rows[0] ?? {}) as (keyof (typeof rows)[number])[];
  const insert = sqlite.prepare(`insert into alerts (${columns.join(",")}) values (${columns.map(() => "?").join(",")})`);
  const insertMany = sqlite.transaction((chunk: typeof rows) => {
    for (const row of chunk) insert.run(columns.map((c) => row[c]));
  });
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < rows.length; i += 10_000) insertMany(rows.slice(i, i + 10_000));
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpu0);
  sqlite.close();
  rmSync(app.dir, { recursive: true, force: true });
  return { rate: total / seconds, cpuPerRow: (cpu.user + cpu.system) / total };
}
