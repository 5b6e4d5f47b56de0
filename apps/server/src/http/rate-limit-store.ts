import type { Kysely } from "kysely";
import type { DB } from "../db/tables";
import { deleteWindowsBefore, hitWindow, readWindow } from "./rate-limit.repository";

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };

// Every this many counted requests a server deletes windows that ended over an hour ago.
const SWEEP_EVERY = 500;
const SWEEP_AGE_MS = 3_600_000;

/**
 * A store for @fastify/rate-limit that counts in the database (rate_limits), so that a limit
 * holds across every server on one PostgreSQL database (docs/deployment.md); on SQLite it is
 * the same code with one server. Each limited route has its own counts (the route is part of
 * the key). Windows are fixed: the count restarts when a window ends.
 */
export function databaseRateLimitStore(db: Kysely<DB>) {
  let counted = 0;
  return class DatabaseRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = "",
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      hitWindow(db, this.prefix + key, now, timeWindow).then(
        ({ hits, windowStart }) => {
          if (++counted % SWEEP_EVERY === 0) void deleteWindowsBefore(db, now - SWEEP_AGE_MS).catch(() => undefined);
          callback(null, { current: hits, ttl: Math.max(0, windowStart + timeWindow - now) });
        },
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      readWindow(db, this.prefix + key).then(
        (row) => {
          const start = row ? Number(row.window_start) : now;
          const alive = row !== undefined && start + timeWindow > now;
          callback(null, { current: alive ? Number(row.hits) : 0, ttl: alive ? start + timeWindow - now : timeWindow });
        },
        (error: Error) => callback(error),
      );
    }

    child(params: RouteParams) {
      const route = params.routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(",") : (route?.method ?? "");
      return new DatabaseRateLimitStore(params, `${method} ${route?.url ?? ""} `);
    }
  };
}
