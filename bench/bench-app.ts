import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../apps/server/src/app";
import { loadEnv } from "../apps/server/src/config/env";
import type { AppContext } from "../apps/server/src/context";
import { openDatabase } from "../apps/server/src/db/database";
import { migrateToLatest } from "../apps/server/src/db/migrate";
import { seedDemoTenants } from "../apps/server/src/seed/demo-tenants";
import { AppEvents } from "../apps/server/src/lib/events";
import { newId, sha256 } from "../apps/server/src/lib/tokens";

/**
 * A real server for benchmarks: on an on-disk SQLite database in a temp folder, on the SQLite
 * file given, or on the PostgreSQL database whose URL is given.
 */
export async function benchApp(target?: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "wf-bench-"));
  const env = loadEnv({
    NODE_ENV: "test",
    WATCHFLOOR_LOG_LEVEL: "silent",
    WATCHFLOOR_DATA_DIR: dir,
    WATCHFLOOR_SIGNIN_RATE_PER_MINUTE: "100000",
  });
  // As `serve` opens it (runtime.ts), background WAL checkpoints included.
  const url = target && !/^postgres(ql)?:\/\//.test(target) ? `sqlite:${target}` : target;
  const database = openDatabase(url, dir, { backgroundCheckpoints: true });
  await migrateToLatest(database.db as never);
  // As `serve` does after migrating (runtime.ts): an index a migration just added gets statistics.
  await database.optimize?.("all");
  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    env,
    now: () => Date.now(),
    secret: randomBytes(32).toString("hex"),
    events: new AppEvents(),
    bulk: database.bulk,
  };
  await seedDemoTenants(ctx);
  const tenants = await ctx.db.selectFrom("tenants").select(["id", "slug"]).orderBy("slug").execute();
  const { app } = await buildApp(ctx, { logger: false });
  return {
    ctx,
    app,
    database,
    dir,
    tenants,
    /** An ingestion key for a tenant (keys bypass CSRF and sessions, as forwarders use them). */
    async apiKey(tenantId: string) {
      const key = `wf_${randomBytes(30).toString("base64url")}`;
      await ctx.db
        .insertInto("api_keys")
        .values({
          id: newId(),
          tenant_id: tenantId,
          name: "bench",
          prefix: key.slice(0, 10),
          key_hash: sha256(key),
          created_by: null,
          created_at: Date.now(),
          last_used_at: null,
          revoked_at: null,
        })
        .execute();
      return key;
    },
    async close() {
      await app.close();
      await database.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
