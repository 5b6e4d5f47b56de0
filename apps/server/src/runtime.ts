import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { type Env, loadEnv } from "./config/env";
import type { AppContext } from "./context";
import { type Database, openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { PgChangeRelay } from "./db/pg-change-relay";
import { AppEvents } from "./lib/events";
import { offsetClock } from "./lib/test-clock";

export interface Runtime {
  ctx: AppContext;
  database: Database;
  close(): Promise<void>;
}

/** Opens the configured database, applies migrations and builds the context every command uses. */
export async function openRuntime(env: Env = loadEnv(), options: { liveFeed?: boolean } = {}): Promise<Runtime> {
  const database = openDatabase(env.WATCHFLOOR_DATABASE_URL, env.WATCHFLOOR_DATA_DIR, { backgroundCheckpoints: true });
  try {
    await migrateToLatest(database.db as never);
    await database.optimize?.("all");
  } catch (error) {
    // Close it (and its checkpoint worker) so a failed start leaves nothing running.
    await database.destroy();
    throw error;
  }
  const testClock = env.WATCHFLOOR_TEST_CLOCK ? offsetClock() : undefined;
  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    env,
    now: testClock ? testClock.now : () => Date.now(),
    // Outside production a per-process secret is fine: it only signs ten-minute SSO state cookies.
    secret: env.WATCHFLOOR_SECRET ?? randomBytes(32).toString("hex"),
    events: new AppEvents(),
    bulk: database.bulk,
    testClock,
  };
  // Several servers on one PostgreSQL database see each other's changes (docs/deployment.md).
  const relay =
    database.dialect === "postgres" && env.WATCHFLOOR_DATABASE_URL
      ? new PgChangeRelay(env.WATCHFLOOR_DATABASE_URL, ctx.events, database.db as never)
      : null;
  await relay?.start({ listen: options.liveFeed === true });
  ctx.changeFeed = () =>
    relay
      ? { kind: "postgres", listening: relay.listening, received: relay.received, lagMs: relay.lastLagMs }
      : { kind: "in-process", listening: true, received: 0, lagMs: null };
  const close = async () => {
    await relay?.stop();
    await database.optimize?.("used");
    await database.destroy();
  };
  return { ctx, database, close };
}

/** The built web app sits beside the server package in the workspace. */
export const defaultWebDist = (): string => fileURLToPath(new URL("../../web/dist", import.meta.url));
