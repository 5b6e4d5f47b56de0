import { randomBytes } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { buildApp, type BuiltApp } from "../app";
import { type Env, loadEnv } from "../config/env";
import type { AppContext } from "../context";
import { type Database, openDatabase } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import { AppEvents } from "../lib/events";

export interface TestApp extends BuiltApp {
  ctx: AppContext;
  clock: { now: number };
  database: Database;
  close(): Promise<void>;
}

/** PostgreSQL when WATCHFLOOR_TEST_DATABASE_URL is set (one fresh database per test file), else SQLite in memory. */
export const testDialect = (): "postgres" | "sqlite" => (process.env.WATCHFLOOR_TEST_DATABASE_URL ? "postgres" : "sqlite");

/** A new empty database: a PostgreSQL database of its own, or SQLite (in memory unless a file is asked for). */
export async function freshDatabaseUrl(sqliteFile?: string): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const base = process.env.WATCHFLOOR_TEST_DATABASE_URL;
  if (!base) return { url: `sqlite:${sqliteFile ?? ":memory:"}`, drop: async () => {} };
  const name = `wf_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const { url, drop } = await freshDatabaseUrl();
  const env: Env = loadEnv({ NODE_ENV: "test", WATCHFLOOR_LOG_LEVEL: "silent", WATCHFLOOR_DATABASE_URL: url, ...envOverrides });
  const database = openDatabase(env.WATCHFLOOR_DATABASE_URL, "/nonexistent");
  await migrateToLatest(database.db as never);
  const clock = { now: Date.UTC(2026, 10, 21, 12, 0, 0) };
  const now = () => clock.now;
  // With WATCHFLOOR_TEST_CLOCK the test-only clock route moves this same clock.
  const advance = (ms: number) => {
    clock.now += ms;
  };
  const testClock = env.WATCHFLOOR_TEST_CLOCK ? { now, advance } : undefined;
  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    env,
    now,
    secret: "test-secret-".padEnd(40, "x"),
    events: new AppEvents(),
    bulk: database.bulk,
    testClock,
  };
  const built = await buildApp(ctx, { logger: false });
  await built.app.ready();
  return {
    ...built,
    ctx,
    clock,
    database,
    close: async () => {
      await built.app.close();
      await database.destroy();
      await drop();
    },
  };
}

/** A browser-like client: keeps cookies and echoes the CSRF token on writes. */
export class TestClient {
  cookies = new Map<string, string>();
  csrf = "";
  tenantId: string | null = null;

  constructor(
    private readonly app: TestApp,
    readonly userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36",
    readonly ip = "127.0.0.1",
  ) {}

  /** What a browser would send: its user agent, cookies, the CSRF token on writes, the picked tenant. */
  private headersFor(method: string, extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = { "user-agent": this.userAgent, ...extra };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (!["GET", "HEAD"].includes(method) && this.csrf && headers["x-csrf-token"] === undefined)
      headers["x-csrf-token"] = this.csrf;
    if (this.tenantId && headers["x-tenant-id"] === undefined) headers["x-tenant-id"] = this.tenantId;
    return headers;
  }

  async request(options: InjectOptions & { method: string; url: string }): Promise<LightMyRequestResponse> {
    const headers = this.headersFor(options.method, options.headers as Record<string, string>);
    const response = await this.app.app.inject({ ...options, headers, remoteAddress: this.ip } as InjectOptions);
    for (const c of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      // Only explicit deletions count: the test clock, not the wall clock, governs expiry.
      const expired = c.value === "" || (c.expires && c.expires.getTime() < 86_400_000) || c.maxAge === 0;
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  get = (url: string) => this.request({ method: "GET", url });

  /** Reads what a GET answers within `ms` (for streams that never end), as status and text. */
  async peek(
    url: string,
    ms = 300,
    headers: Record<string, string> = {},
  ): Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }> {
    const response = await this.app.app.inject({
      method: "GET",
      url,
      headers: this.headersFor("GET", headers),
      payloadAsStream: true,
    } as InjectOptions);
    const stream = (response as unknown as { stream(): NodeJS.ReadableStream & { destroy(): void } }).stream();
    let body = "";
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stream.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      stream.on("end", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    stream.destroy();
    return { statusCode: response.statusCode, body, headers: response.headers };
  }
  post = (url: string, payload?: unknown) => this.request({ method: "POST", url, payload: payload as never });
  put = (url: string, payload?: unknown) => this.request({ method: "PUT", url, payload: payload as never });
  patch = (url: string, payload?: unknown) => this.request({ method: "PATCH", url, payload: payload as never });
  delete = (url: string) => this.request({ method: "DELETE", url });

  /** Loads the session to pick up the current CSRF token (after sign-in it changes). */
  async refresh(): Promise<{ user: { id: string; memberships: { tenantId: string; role: string }[] } | null }> {
    const response = await this.get("/api/v1/auth/session");
    const body = response.json();
    this.csrf = body.csrfToken;
    return body;
  }

  async signUp(body: { email: string; password: string; displayName: string; jobTitle?: string; inviteToken?: string }) {
    await this.refresh();
    const response = await this.post("/api/v1/auth/sign-up", body);
    await this.refresh();
    return response;
  }

  async signIn(email: string, password: string) {
    await this.refresh();
    const response = await this.post("/api/v1/auth/sign-in", { email, password });
    await this.refresh();
    return response;
  }
}
