import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "../config/env";
import { seedDemoTenants } from "../seed/demo-tenants";
import { openRuntime } from "../runtime";
import type { Database } from "./database";
import { openDatabase } from "./database";
import { migrateToLatest } from "./migrate";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** The tables SQLite's planner has statistics for. */
async function analysed(db: Database["db"]): Promise<string[]> {
  const exists = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (!exists.rows[0]?.n) return [];
  const rows = await sql<{ tbl: string }>`select distinct tbl from sqlite_stat1 order by tbl`.execute(db);
  return rows.rows.map((r) => r.tbl);
}

const env = (dataDir: string) => loadEnv({ NODE_ENV: "test", WATCHFLOOR_LOG_LEVEL: "silent", WATCHFLOOR_DATA_DIR: dataDir });

async function analysedIn(dataDir: string): Promise<string[]> {
  const database = openDatabase(undefined, dataDir);
  try {
    return await analysed(database.db);
  } finally {
    await database.destroy();
  }
}

describe("SQLite planner statistics", () => {
  it("are gathered for the tables migrations filled when a command opens, and for those it filled when it closes", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "wf-stats-"));
    const runtime = await openRuntime(env(dir));
    try {
      const afterMigrations = await analysed(runtime.ctx.db);
      expect(afterMigrations).toContain("kysely_migration");
      expect(afterMigrations).not.toContain("tenants");
      expect(await seedDemoTenants(runtime.ctx)).toBe(5);
    } finally {
      await runtime.close();
    }
    expect(await analysedIn(dir)).toContain("tenants");
  });

  it("are gathered when a command opens a database whose tables have rows but no statistics", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "wf-stats-"));
    const database = openDatabase(undefined, dir);
    await migrateToLatest(database.db as never);
    await database.db
      .insertInto("tenants")
      .values({ id: "t1", slug: "t1", name: "T1", created_at: 0 } as never)
      .execute();
    await database.destroy();
    // The control: a bare connection gathers nothing.
    expect(await analysedIn(dir)).toEqual([]);
    const runtime = await openRuntime(env(dir));
    try {
      expect(await analysed(runtime.ctx.db)).toContain("tenants");
    } finally {
      await runtime.close();
    }
  });
});
