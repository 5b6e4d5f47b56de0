import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { alertInputSchema, type Priority } from "@watchfloor/shared";
import { toAlertRow } from "../apps/server/src/features/alerts/alert-row";
import { indexPendingAlerts } from "../apps/server/src/features/alerts/alert-search.repository";
import { upsertAlerts } from "../apps/server/src/features/alerts/alerts.repository";
import { generateAlerts } from "../apps/server/src/seed/demo-generator";
import { policyFor } from "../apps/server/src/features/alerts/sla";
import { createAccount } from "../apps/server/src/features/auth/new-account";
import { rebuildRollups } from "../apps/server/src/features/rollups/rollup-rebuild";
import { hashPassword } from "../apps/server/src/features/auth/password-hash";
import { newId } from "../apps/server/src/lib/tokens";
import { sql } from "kysely";
import pg from "pg";
import { benchApp } from "./bench-app";

/** The benchmark database: 1,000,000 alerts from the demo generator over 30 days in five tenants. */
export const COUNT = Number(process.env.BENCH_LIST_ALERTS ?? 1_000_000);
export const NOW = Date.UTC(2026, 10, 21, 12);
export const PASSWORD = "Bench-Marking-Password-1";
export const BENCH_EMAIL = "bench@example.test";
const here = path.dirname(fileURLToPath(import.meta.url));
// v2: with the overview rollups. v3: built with migration 0011's indexes, so ANALYZE has seen
// them. v4: statistics from PRAGMA optimize, as production gathers them (db/database.ts), not a
// full ANALYZE. v5: the report rollup columns (migration 0035). A v4 database (the same alerts)
// is upgraded instead of rebuilt.
const file = path.join(here, "..", ".tmp", `bench-alerts-${COUNT}-v5.db`);
const previous = path.join(here, "..", ".tmp", `bench-alerts-${COUNT}-v4.db`);

/** Builds the database once and keeps it in .tmp (about 3 minutes for a million alerts). */
async function ensureDatabase(): Promise<void> {
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const building = `${file}.building`;
  rmSync(building, { force: true });
  if (existsSync(previous)) {
    // Opening it applies the migrations (which queue every quarter hour); the rollups of every
    // alert are then recomputed in one go, as a build does.
    const started = Date.now();
    copyFileSync(previous, building);
    const upgraded = await benchApp(building);
    await upgraded.ctx.db.transaction().execute((trx) => rebuildRollups(trx, Date.now()));
    await upgraded.database.optimize?.("all");
    await upgraded.close();
    console.log(
      `  upgraded the v4 database (rollups for ${COUNT.toLocaleString("en")} alerts) in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    renameSync(building, file);
    return;
  }
  const app = await benchApp(building);
  await loadAlerts(app);
  await app.close();
  renameSync(building, file);
}

/** The million alerts into a freshly migrated database, indexed, rolled up and analysed. */
async function loadAlerts(app: Awaited<ReturnType<typeof benchApp>>): Promise<void> {
  const tenants = new Map(app.tenants.map((t) => [t.slug, t.id]));
  const started = Date.now();
  let batch = new Map<string, ReturnType<typeof toAlertRow>[]>();
  let pending = 0;
  const flush = async () => {
    await app.ctx.db.transaction().execute(async (trx) => {
      for (const [tenantId, rows] of batch) await upsertAlerts(trx, tenantId, rows, app.ctx.bulk);
    });
    batch = new Map();
    pending = 0;
  };
  for (const { tenant, alert } of generateAlerts({
    seed: 1,
    count: COUNT,
    tenants: [...tenants.keys()],
    now: NOW,
    daysBack: 30,
  })) {
    const parsed = alertInputSchema.parse(alert);
    const tenantId = tenants.get(tenant) ?? "";
    const row = toAlertRow(parsed, tenantId, newId(), NOW, policyFor(parsed.priority as Priority, undefined));
    batch.set(tenantId, [...(batch.get(tenantId) ?? []), row]);
    if (++pending >= 20_000) await flush();
  }
  await flush();
  while ((await indexPendingAlerts(app.ctx.db, 100_000)) > 0);
  // The rows went in below the write paths (which queue rollup refreshes): roll them up in one go.
  await app.ctx.db.transaction().execute((trx) => rebuildRollups(trx, Date.now()));
  if (app.database.optimize) await app.database.optimize("all");
  else await sql`analyze`.execute(app.ctx.db);
  console.log(
    `  built ${COUNT.toLocaleString("en")} alerts on ${app.database.dialect} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

/** The PostgreSQL server the benchmarks make their databases on (trust auth on this machine). */
export const POSTGRES = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const pgBuilt = `wf_bench_alerts_${COUNT}_v1`;

/** A database URL on the benchmark PostgreSQL server. */
export const postgresUrl = (name: string) => {
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Runs statements on the PostgreSQL server's maintenance database (create, drop, rename); returns the last one's rows. */
export async function onPostgres(...statements: string[]): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: POSTGRES });
  await client.connect();
  try {
    let rows: unknown[] = [];
    for (const statement of statements) rows = (await client.query(statement)).rows;
    return rows;
  } finally {
    await client.end();
  }
}

/** The PostgreSQL twin of the SQLite file: built once (as a database of its own) and kept. */
async function ensurePostgres(): Promise<void> {
  if ((await onPostgres(`select 1 from pg_database where datname = '${pgBuilt}'`)).length) return;
  const building = `${pgBuilt}_building`;
  await onPostgres(`drop database if exists ${building} with (force)`, `create database ${building}`);
  const app = await benchApp(postgresUrl(building));
  await loadAlerts(app);
  await app.close();
  await onPostgres(`alter database ${building} rename to ${pgBuilt}`);
}

export type Engine = "sqlite" | "postgres";

/**
 * A copy of the benchmark database served in-process, with a signed-in owner of all five
 * tenants; `get` calls the API through app.inject. On PostgreSQL the copy is a database made
 * from the built one as its template.
 */
export async function openMillion(engine: Engine = "sqlite") {
  let url: string;
  let removeCopy: () => Promise<void>;
  if (engine === "postgres") {
    await ensurePostgres();
    const run = `${pgBuilt}_run`;
    removeCopy = async () => {
      await onPostgres(`drop database if exists ${run} with (force)`);
    };
    await removeCopy();
    await onPostgres(`create database ${run} template ${pgBuilt}`);
    url = postgresUrl(run);
  } else {
    await ensureDatabase();
    const copy = `${file}.run`;
    // A stale -wal beside the copy (from an interrupted run) would be replayed into it.
    removeCopy = async () => {
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${copy}${suffix}`, { force: true });
    };
    await removeCopy();
    copyFileSync(file, copy);
    url = `sqlite:${copy}`;
  }
  const server = await benchApp(url.replace(/^sqlite:/, ""));
  const { cookie } = await signInOwner(server);
  return {
    ...server,
    /** The copy's URL, for a `serve` process of its own (WATCHFLOOR_DATABASE_URL). */
    url,
    cookie,
    get: (path: string) => server.app.inject({ method: "GET", url: path, headers: { cookie } }),
    async close() {
      await server.close().catch(() => undefined);
      await removeCopy();
    },
  };
}

/** Makes the database's first account (owner of every tenant) and signs it in; returns its session cookie. */
export async function signInOwner({ app, ctx }: Awaited<ReturnType<typeof benchApp>>) {
  const userId = newId();
  await createAccount(ctx.db, {
    id: userId,
    email: BENCH_EMAIL,
    displayName: "Bench",
    passwordHash: await hashPassword(PASSWORD),
    first: true,
    ip: null,
    at: NOW,
  });
  const session = await app.inject({ method: "GET", url: "/api/v1/auth/session" });
  const csrf = session.json().csrfToken as string;
  const csrfCookie = session.cookies.find((c) => c.name === "wf_csrf")?.value;
  const signIn = await app.inject({
    method: "POST",
    url: "/api/v1/auth/sign-in",
    headers: { "x-csrf-token": csrf, cookie: `wf_csrf=${csrfCookie}` },
    payload: { email: BENCH_EMAIL, password: PASSWORD },
  });
  return { cookie: `wf_session=${signIn.cookies.find((c) => c.name === "wf_session")?.value}` };
}
