import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { importComplianceFile } from "../apps/server/src/features/compliance/compliance-import.service";
import { rebuildRollups } from "../apps/server/src/features/compliance/compliance-rollups.repository";
import { createAccount } from "../apps/server/src/features/auth/new-account";
import { hashPassword } from "../apps/server/src/features/auth/password-hash";
import { complianceImporterFor } from "../apps/server/src/importers/compliance";
import { sourceFromFile } from "../apps/server/src/importers/types";
import { newId } from "../apps/server/src/lib/tokens";
import { benchApp } from "./bench-app";
import { fillCompliance, SCANS_PER_TARGET, writeProwlerCsv } from "./compliance-data";
import { type Benchmark, type Figure, percentile, sample, sampleRss } from "./harness";

/**
 * Issue 15's targets: import >= 5,000 results/s at constant memory (peak RSS of a 10x larger file
 * under 1.2x), and on 500,000 stored results p95 < 50 ms for framework and requirement scores,
 * < 30 ms for the failing-control and scan lists. Sizes come from the environment so a smoke run
 * is quick: BENCH_COMPLIANCE_IMPORT=2000 BENCH_COMPLIANCE_RESULTS=50000; BENCH_COMPLIANCE_ONLY=import|read.
 */
const IMPORT = Number(process.env.BENCH_COMPLIANCE_IMPORT ?? 20_000);
const RESULTS = Number(process.env.BENCH_COMPLIANCE_RESULTS ?? 500_000);
const ONLY = process.env.BENCH_COMPLIANCE_ONLY;
const HEAP_MB = 192;
const NOW = Date.UTC(2026, 10, 21, 12);
const PASSWORD = "Bench-Marking-Password-1";
const EMAIL = "bench@example.test";
const here = path.dirname(fileURLToPath(import.meta.url));
// Bump the version when compliance-data.ts or the compliance tables change, so the cache is rebuilt.
const dbFile = path.join(here, "..", ".tmp", `bench-compliance-${RESULTS}-${SCANS_PER_TARGET}-v5.db`);

interface ChildResult {
  seconds: number;
  cpuSeconds: number;
  stored: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

/**
 * One import in a process of its own, so its RSS is this import's alone: the service the upload
 * and the CLI call, into on-disk SQLite, sampling RSS every 20 ms.
 */
async function childImport(file: string, cacheKib?: number): Promise<ChildResult> {
  const server = await benchApp();
  // The diagnostic run: SQLite's default page cache instead of the server's 64 MiB (db/database.ts).
  if (cacheKib) await sql.raw(`pragma cache_size = -${cacheKib}`).execute(server.ctx.db);
  const rss = sampleRss();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const report = await importComplianceFile(server.ctx, server.tenants[0]?.id ?? "", sourceFromFile(file), {
    filename: path.basename(file),
    doer: { userId: null, name: "bench" },
  });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const peak = Math.max(rss.stop(), process.resourceUsage().maxRSS * 1024);
  await server.close();
  return {
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    stored: report.resultsStored,
    rssBeforeMb: rss.before / 1_048_576,
    peakRssMb: peak / 1_048_576,
  };
}

if (process.env.WF_COMPLIANCE_BENCH_CHILD) {
  const cacheKib = Number(process.env.WF_COMPLIANCE_BENCH_CACHE_KIB ?? 0) || undefined;
  console.log(JSON.stringify(await childImport(process.env.WF_COMPLIANCE_BENCH_CHILD, cacheKib)));
  process.exit(0);
}

async function timedImport(results: number, dir: string, cacheKib = 0): Promise<ChildResult & { rate: number }> {
  const file = path.join(dir, `prowler-${results}.csv`);
  await writeProwlerCsv(file, results);
  // The same V8 heap cap for both sizes (as findings-import.bench.ts): without one V8 lets garbage
  // pile up in proportion to the work, which would hide whether the import itself holds memory.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [`--max-old-space-size=${HEAP_MB}`, "--import", "tsx", fileURLToPath(import.meta.url)],
    {
      env: { ...process.env, WF_COMPLIANCE_BENCH_CHILD: file, WF_COMPLIANCE_BENCH_CACHE_KIB: String(cacheKib) },
      cwd: here,
      maxBuffer: 1 << 20,
    },
  );
  const result = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as ChildResult;
  if (result.stored !== results) throw new Error(`expected ${results} results stored, got ${result.stored}`);
  rmSync(file, { force: true });
  return { ...result, rate: results / result.seconds };
}

/** The importer alone (CSV parsing, validation), no database: what the import cannot beat. */
async function parseOnly(results: number, dir: string): Promise<number> {
  const file = path.join(dir, "parse-only.csv");
  await writeProwlerCsv(file, results);
  const started = performance.now();
  let records = 0;
  for await (const event of complianceImporterFor("prowler-csv")(sourceFromFile(file))) if (event.kind === "record") records++;
  if (records !== results) throw new Error(`parsed ${records} of ${results}`);
  return results / ((performance.now() - started) / 1000);
}

async function importFigures(): Promise<Figure[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "wf-bench-compliance-"));
  try {
    const parse = { name: "importer alone (parse + validate)", value: await parseOnly(IMPORT * 10, dir) };
    const small = await timedImport(IMPORT, dir);
    const big = await timedImport(IMPORT * 10, dir);
    // The same two imports with SQLite's default 2 MiB page cache: the server's 64 MiB cache fills
    // only as the database grows, so a bigger file's import holds more of it (bounded at 64 MiB).
    const smallCache = await timedImport(IMPORT, dir, 2000);
    const bigCache = await timedImport(IMPORT * 10, dir, 2000);
    const n = (x: number) => x.toLocaleString("en");
    return [
      { name: `${parse.name} (baseline)`, value: parse.value, unit: "results/s" },
      { name: `Prowler CSV import, ${n(IMPORT * 10)} [>= 5,000]`, value: big.rate, unit: "results/s", baseline: parse },
      { name: "  results per CPU-second", value: (IMPORT * 10) / big.cpuSeconds, unit: "results/s" },
      { name: `Prowler CSV import, ${n(IMPORT)}`, value: small.rate, unit: "results/s", baseline: parse },
      {
        name: `peak RSS, ${n(IMPORT * 10)} results [ratio < 1.2]`,
        value: big.peakRssMb,
        unit: "MB",
        baseline: { name: `${n(IMPORT)} results`, value: small.peakRssMb },
      },
      {
        name: `  peak RSS growth (heap cap ${HEAP_MB} MB)`,
        value: big.peakRssMb - big.rssBeforeMb,
        unit: "MB",
        baseline: { name: `${n(IMPORT)} results`, value: small.peakRssMb - small.rssBeforeMb },
      },
      {
        name: `  peak RSS, ${n(IMPORT * 10)}, 2 MiB page cache (diagnostic)`,
        value: bigCache.peakRssMb,
        unit: "MB",
        baseline: { name: `${n(IMPORT)} results, 2 MiB page cache`, value: smallCache.peakRssMb },
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Builds the stored results once and keeps them in .tmp (git-ignored), as million.ts does. */
async function ensureDatabase(): Promise<void> {
  if (existsSync(dbFile)) return;
  mkdirSync(path.dirname(dbFile), { recursive: true });
  const building = `${dbFile}.building`;
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${building}${suffix}`, { force: true });
  const started = Date.now();
  // Migrated and seeded by the app, then filled below it with plain prepared inserts.
  const app = await benchApp(building);
  const tenantIds = app.tenants.map((t) => t.id);
  await app.close();
  const sqlite = new SQLite(building);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = OFF");
  fillCompliance(sqlite, tenantIds, RESULTS, NOW);
  sqlite.close();
  const again = await benchApp(building);
  // The per-scan rollups the import writes (migration 0022), written here for the plain inserts.
  for (const tenantId of tenantIds) {
    const scans = await again.ctx.db.selectFrom("compliance_scans").select("id").where("tenant_id", "=", tenantId).execute();
    await again.ctx.db.transaction().execute((trx) =>
      rebuildRollups(
        trx,
        tenantId,
        scans.map((x) => x.id),
      ),
    );
  }
  // Planner statistics the way production gathers them (db/database.ts optimize), not a full ANALYZE.
  await again.database.optimize?.("all");
  const count = (table: "compliance_results" | "compliance_scans") =>
    again.ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
  const [results, scans] = [Number((await count("compliance_results")).n), Number((await count("compliance_scans")).n)];
  console.log(
    `  built ${results.toLocaleString("en")} results in ${scans} scans in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  await again.close();
  renameSync(building, dbFile);
}

/** A copy of the cached database served in-process, with a signed-in owner of the five tenants. */
async function openCompliance() {
  await ensureDatabase();
  const copy = `${dbFile}.run`;
  const removeCopy = () => {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${copy}${suffix}`, { force: true });
  };
  removeCopy();
  copyFileSync(dbFile, copy);
  const server = await benchApp(copy);
  const { app } = server;
  await createAccount(server.ctx.db, {
    id: newId(),
    email: EMAIL,
    displayName: "Bench",
    passwordHash: await hashPassword(PASSWORD),
    first: true,
    ip: null,
    at: NOW,
  });
  const session = await app.inject({ method: "GET", url: "/api/v1/auth/session" });
  const signIn = await app.inject({
    method: "POST",
    url: "/api/v1/auth/sign-in",
    headers: {
      "x-csrf-token": session.json().csrfToken,
      cookie: `wf_csrf=${session.cookies.find((c) => c.name === "wf_csrf")?.value}`,
    },
    payload: { email: EMAIL, password: PASSWORD },
  });
  const cookie = `wf_session=${signIn.cookies.find((c) => c.name === "wf_session")?.value}`;
  return {
    ...server,
    get: (url: string, tenantId?: string) =>
      app.inject({ method: "GET", url, headers: { cookie, ...(tenantId ? { "x-tenant-id": tenantId } : {}) } }),
    async close() {
      await server.close().catch(() => undefined);
      removeCopy();
    },
  };
}

async function readFigures(): Promise<Figure[]> {
  const bench = await openCompliance();
  const { get } = bench;
  try {
    // Fewer calls for endpoints far off target, so a miss costs seconds, not minutes (p95 of 5 is the max).
    const p95 = async (url: string, tenantId?: string) => {
      const started = performance.now();
      const probe = await get(url, tenantId);
      if (probe.statusCode !== 200) throw new Error(`${url} -> ${probe.statusCode} ${probe.body.slice(0, 200)}`);
      const once = performance.now() - started;
      const n = once > 500 ? 5 : once > 100 ? 20 : 40;
      return percentile(await sample(() => get(url, tenantId), n, 2), 95);
    };
    // What the scores read is the latest scans' results, not every stored one.
    const latest = await bench.ctx.db
      .selectFrom("compliance_results as r")
      .innerJoin("compliance_scans as s", "s.id", "r.scan_id")
      .where("s.latest", "=", 1)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const baseline = { name: "signed-in session read", value: await p95("/api/v1/auth/session") };
    const figures: Figure[] = [
      { name: "results in the latest scans", value: Number(latest.n), unit: "results" },
      { name: `${baseline.name} (baseline)`, value: baseline.value, unit: "ms p95" },
    ];
    const measure = async (name: string, url: string, tenantId?: string) =>
      figures.push({ name, value: await p95(url, tenantId), unit: "ms p95", baseline });
    const scans = (await get("/api/v1/compliance/scans?latest=true&targetKind=cloud-account&limit=1")).json();
    const page2 = (await get("/api/v1/compliance/scans")).json().nextCursor;
    // The biggest tenant (about 40% of the targets) selected alone, as a single-tenant user sees it.
    const big = await bench.ctx.db
      .selectFrom("compliance_scans")
      .select("tenant_id")
      .groupBy("tenant_id")
      .orderBy((eb) => eb.fn.countAll(), "desc")
      .executeTakeFirst();

    await measure("frameworks overview [< 50]", "/api/v1/compliance/frameworks");
    await measure("frameworks overview, one tenant [< 50]", "/api/v1/compliance/frameworks", big?.tenant_id);
    await measure("frameworks overview, cloud accounts [< 50]", "/api/v1/compliance/frameworks?targetKind=cloud-account");
    for (const framework of ["cis", "pci-dss-4.0", "nist-800-53-r5"])
      await measure(`requirements ${framework} [< 50]`, `/api/v1/compliance/requirements?framework=${framework}`);
    for (const query of [
      "",
      "targetKind=cloud-account",
      "framework=pci-dss-4.0",
      "severity=critical",
      "offset=400&limit=100",
      "targetKind=cloud-account&framework=nist-800-53-r5&severity=high",
    ])
      await measure(`failing ${query || "(no filter)"} [< 30]`, `/api/v1/compliance/failing?${query}`);
    for (const query of ["", "latest=false", "tool=Prowler", `targetId=${scans.items[0]?.targetId}`, `cursor=${page2}`])
      await measure(
        `scans ${query.startsWith("cursor") ? "page 2" : query || "(no filter)"} [< 30]`,
        `/api/v1/compliance/scans?${query}`,
      );
    // The lists the compliance pages show: targets, checks (results) with their filters and sorts, breakdowns.
    for (const query of ["targetKind=host", "targetKind=cloud-account&sort=failing", "stale=true&q=2000"])
      await measure(`targets ${query} [< 30]`, `/api/v1/compliance/targets?${query}`);
    for (const query of [
      "targetKind=host&open=true",
      "targetKind=cloud-account&result=fail&sort=service",
      "severity=high&sort=target",
      "framework=cis&result=fail",
      "q=password",
      `targetId=${scans.items[0]?.targetId}&sort=control`,
    ])
      await measure(`results ${query} [< 30]`, `/api/v1/compliance/results?${query}`);
    await measure("breakdown by service, cloud [< 30]", "/api/v1/compliance/breakdown?by=service&targetKind=cloud-account");
    await measure("trend, 90 days [< 30]", "/api/v1/compliance/trend?days=90");
    return figures;
  } finally {
    await bench.close();
  }
}

/**
 * Compliance (issue 15): a Prowler CSV built from the shared sample imported through the service
 * in child processes (N and 10N results, for the memory ratio), against the importer alone; then
 * the read endpoints through app.inject on RESULTS stored results over five tenants, hundreds of
 * hosts, cloud accounts and clusters with SCANS_PER_TARGET scans each (only the newest latest).
 */
export const benchmark: Benchmark = {
  title: `Compliance: import of ${IMPORT.toLocaleString("en")} / ${(IMPORT * 10).toLocaleString("en")} results, reads on ${RESULTS.toLocaleString("en")} stored (${SCANS_PER_TARGET} scans per target; SQLite; [target] in ms or ratio)`,
  async run() {
    return [...(ONLY === "read" ? [] : await importFigures()), ...(ONLY === "import" ? [] : await readFigures())];
  },
};
