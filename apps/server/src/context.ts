import type { Kysely } from "kysely";
import type { Env } from "./config/env";
import type { DialectName } from "./db/database";
import type { SqliteBulk } from "./db/sqlite-bulk";
import type { DB } from "./db/tables";
import type { AppEvents } from "./lib/events";
import type { TestClock } from "./lib/test-clock";

/** What features need from the outside world; tests swap the clock. */
export interface AppContext {
  db: Kysely<DB>;
  dialect: DialectName;
  env: Env;
  now(): number;
  /** Secret for signing short-lived cookies (OIDC state). */
  secret: string;
  /** Change feed for live updates. */
  events: AppEvents;
  /** SQLite only: prepared-statement bulk writes (see db/sqlite-bulk.ts). */
  bulk?: SqliteBulk;
  /** `serve` only: the background job runner (features/jobs/job-runner.ts). */
  jobs?: BackgroundJobs;
  /** The change feed between servers, for /readyz and /metrics. */
  changeFeed?: () => ChangeFeedState;
  /** Only with WATCHFLOOR_TEST_CLOCK (test runs): what `now` reads, moved by POST /api/v1/test/clock. */
  testClock?: TestClock;
}

/** What the rest of the app may ask of the job runner. */
export interface BackgroundJobs {
  readonly started: boolean;
  lastPassAt: number | null;
  lastPassError: string | null;
  /** Runs every due job now (the test clock calls it after moving time). */
  runDue(): Promise<number>;
  enqueue(kind: string, key: string, payload: unknown, runAt?: number): Promise<boolean>;
}

export interface ChangeFeedState {
  /** "in-process" on SQLite (one server); "postgres" relays changes between servers with NOTIFY. */
  kind: "in-process" | "postgres";
  listening: boolean;
  received: number;
  lagMs: number | null;
}
