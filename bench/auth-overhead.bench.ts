import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Benchmark, percentile, sample } from "./harness";
import { buildApp } from "../apps/server/src/app";
import { loadEnv } from "../apps/server/src/config/env";
import { openDatabase } from "../apps/server/src/db/database";
import { migrateToLatest } from "../apps/server/src/db/migrate";
import { seedDemoTenants } from "../apps/server/src/seed/demo-tenants";
import { AppEvents } from "../apps/server/src/lib/events";

/**
 * What authentication and tenant scoping cost per request: a signed-in GET /api/v1/tenants
 * (session lookup, memberships, scoped query) against GET /healthz (no auth, no database)
 * through the same Fastify instance on an on-disk SQLite database.
 */
export const benchmark: Benchmark = {
  title: "Per-request cost of session authentication and tenant scope",
  async run() {
    const dir = mkdtempSync(path.join(tmpdir(), "wf-bench-"));
    const env = loadEnv({
      NODE_ENV: "test",
      WATCHFLOOR_LOG_LEVEL: "silent",
      WATCHFLOOR_DATA_DIR: dir,
      WATCHFLOOR_SIGNIN_RATE_PER_MINUTE: "100000",
    });
    const database = openDatabase(undefined, dir);
    await migrateToLatest(database.db as never);
    const ctx = {
      db: database.db,
      dialect: database.dialect,
      env,
      now: () => Date.now(),
      secret: randomBytes(32).toString("hex"),
      events: new AppEvents(),
    };
    await seedDemoTenants(ctx);
    const { app } = await buildApp(ctx, { logger: false });
    const session = await app.inject({ method: "GET", url: "/api/v1/auth/session" });
    const csrf = session.json().csrfToken as string;
    const csrfCookie = session.cookies.find((c) => c.name === "wf_csrf")?.value ?? "";
    const signUp = await app.inject({
      method: "POST",
      url: "/api/v1/auth/sign-up",
      headers: { "x-csrf-token": csrf, cookie: `wf_csrf=${csrfCookie}` },
      payload: { email: "bench@example.test", password: "Bench-Marking-Password-1", displayName: "Bench" },
    });
    const cookie = `wf_session=${signUp.cookies.find((c) => c.name === "wf_session")?.value}`;

    const n = 3000;
    const health = await sample(() => app.inject({ method: "GET", url: "/healthz" }), n);
    const tenants = await sample(() => app.inject({ method: "GET", url: "/api/v1/tenants", headers: { cookie } }), n);
    const hashing = await sample(
      () =>
        app.inject({
          method: "POST",
          url: "/api/v1/auth/sign-in",
          headers: { "x-csrf-token": csrf, cookie: `wf_csrf=${csrfCookie}` },
          payload: { email: "bench@example.test", password: "Bench-Marking-Password-1" },
        }),
      40,
    );
    await app.close();
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
    const base = (name: string, values: number[]) => ({ name, value: percentile(values, 50) });
    return [
      { name: "GET /healthz p50 (baseline)", value: percentile(health, 50), unit: "ms" },
      {
        name: "GET /api/v1/tenants signed in, p50",
        value: percentile(tenants, 50),
        unit: "ms",
        baseline: base("/healthz p50", health),
      },
      {
        name: "GET /api/v1/tenants signed in, p95",
        value: percentile(tenants, 95),
        unit: "ms",
        baseline: { name: "/healthz p95", value: percentile(health, 95) },
      },
      {
        name: "POST /api/v1/auth/sign-in (argon2id) p50",
        value: percentile(hashing, 50),
        unit: "ms",
        baseline: base("/healthz p50", health),
      },
    ];
  },
};
