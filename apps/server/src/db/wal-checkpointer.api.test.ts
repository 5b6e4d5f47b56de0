import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./database";

let dir: string | undefined;
let database: Database | undefined;
afterEach(async () => {
  await database?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
  database = undefined;
  dir = undefined;
});

/** Writes about 2 MB: under the 1000-page WAL size at which SQLite would checkpoint by itself. */
async function writeTwoMegabytes(db: Database["db"]): Promise<void> {
  await sql`create table filler (body blob)`.execute(db);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < 500; i++) await sql`insert into filler (body) values (randomblob(4000))`.execute(trx);
  });
}

async function fileSizeAfter(file: string, ms: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return statSync(file).size;
}

describe("background WAL checkpoints (SQLite)", () => {
  it("copies committed pages into the database file from its worker thread", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "wf-ckpt-"));
    const file = path.join(dir, "watchfloor.db");
    database = openDatabase(`sqlite:${file}`, dir, { backgroundCheckpoints: true });
    await writeTwoMegabytes(database.db);
    const deadline = Date.now() + 15_000;
    let size = statSync(file).size;
    while (size < 2_000_000 && Date.now() < deadline) size = await fileSizeAfter(file, 100);
    expect(size).toBeGreaterThan(2_000_000);
  });

  it("leaves pages in the WAL when no checkpointer runs and the WAL is small (the control)", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "wf-ckpt-"));
    const file = path.join(dir, "watchfloor.db");
    database = openDatabase(`sqlite:${file}`, dir);
    await writeTwoMegabytes(database.db);
    expect(await fileSizeAfter(file, 1000)).toBeLessThan(200_000);
  });
});
