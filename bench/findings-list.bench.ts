import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findingSortKeys } from "@watchfloor/shared";
import { sql } from "kysely";
import type { AssetsTable, FindingsTable } from "../apps/server/src/db/tables";
import { createAccount } from "../apps/server/src/features/auth/new-account";
import { hashPassword } from "../apps/server/src/features/auth/password-hash";
import { indexPendingFindings } from "../apps/server/src/features/findings/findings-search.repository";
import { newId } from "../apps/server/src/lib/tokens";
import { benchApp } from "./bench-app";
import { cweNames, generateFindings } from "./findings-data";
import { type Benchmark, type Figure, percentile, sample } from "./harness";

/** 500,000 findings over the five demo tenants, cached in .tmp like the alert database. */
const COUNT = Number(process.env.BENCH_FINDINGS ?? 500_000);
const NOW = Date.UTC(2026, 10, 21, 12);
const PASSWORD = "Bench-Marking-Password-1";
const EMAIL = "bench@example.test";
const here = path.dirname(fileURLToPath(import.meta.url));
const file = path.join(here, "..", ".tmp", `bench-findings-${COUNT}-v3.db`);

async function ensureDatabase(): Promise<void> {
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const building = `${file}.building`;
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${building}${suffix}`, { force: true });
  const app = await benchApp(building);
  const db = app.ctx.db;
  const started = Date.now();
  // Tenants may already hold demo findings; the benchmark's own come on top.
  await db
    .insertInto("cwe_names")
    .values(cweNames().map(([cwe_id, name]) => ({ cwe_id, name })))
    .onConflict((oc) => oc.column("cwe_id").doNothing())
    .execute();
  let assets: AssetsTable[] = [];
  let identities: { tenant_id: string; asset_id: string; kind: string; value: string }[] = [];
  let findings: FindingsTable[] = [];
  const flush = async () => {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < assets.length; i += 200)
        await trx
          .insertInto("assets")
          .values(assets.slice(i, i + 200))
          .execute();
      for (let i = 0; i < identities.length; i += 500)
        await trx
          .insertInto("asset_identities")
          .values(identities.slice(i, i + 500))
          .execute();
      for (let i = 0; i < findings.length; i += 300)
        await trx
          .insertInto("findings")
          .values(findings.slice(i, i + 300))
          .execute();
      const cves = findings.flatMap((f) =>
        (JSON.parse(f.cve_ids) as string[]).map((cve_id) => ({ cve_id, finding_id: f.id, tenant_id: f.tenant_id })),
      );
      for (let i = 0; i < cves.length; i += 500)
        await trx
          .insertInto("finding_cves")
          .values(cves.slice(i, i + 500))
          .execute();
      const sources = findings.flatMap((f) =>
        (JSON.parse(f.services) as string[]).map((scanner) => ({
          finding_id: f.id,
          tenant_id: f.tenant_id,
          scanner,
          scanner_finding_id: f.dedupe_key,
          first_seen: f.first_seen,
          last_seen: f.last_seen,
          last_import_id: null,
        })),
      );
      for (let i = 0; i < sources.length; i += 500)
        await trx
          .insertInto("finding_sources")
          .values(sources.slice(i, i + 500))
          .execute();
    });
    assets = [];
    identities = [];
    findings = [];
  };
  for (const g of generateFindings({ seed: 6, count: COUNT, tenants: app.tenants.map((t) => t.id), now: NOW, newId })) {
    assets.push(g.asset);
    for (const i of g.identities) identities.push({ tenant_id: g.asset.tenant_id, asset_id: g.asset.id, ...i });
    for (const f of g.findings) findings.push(f);
    if (findings.length >= 20_000) await flush();
  }
  await flush();
  while ((await indexPendingFindings(db, 100_000)) > 0);
  await sql`analyze`.execute(db);
  const counted = await db.selectFrom("findings").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  const assetCount = await db.selectFrom("assets").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  console.log(
    `  built ${Number(counted.n).toLocaleString("en")} findings on ${Number(assetCount.n).toLocaleString("en")} assets in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  await app.close();
  renameSync(building, file);
}

/** The cached 500,000-finding database, copied and opened with a signed-in owner of every tenant (also used by VM's bench). */
export async function openFindings() {
  await ensureDatabase();
  const copy = `${file}.run`;
  const removeCopy = () => {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${copy}${suffix}`, { force: true });
  };
  removeCopy();
  copyFileSync(file, copy);
  const server = await benchApp(copy);
  const { app, ctx } = server;
  await createAccount(ctx.db, {
    id: newId(),
    email: EMAIL,
    displayName: "Bench",
    passwordHash: await hashPassword(PASSWORD),
    first: true,
    ip: null,
    at: NOW,
  });
  const session = await app.inject({ method: "GET", url: "/api/v1/auth/session" });
  const csrfCookie = session.cookies.find((c) => c.name === "wf_csrf")?.value;
  const signIn = await app.inject({
    method: "POST",
    url: "/api/v1/auth/sign-in",
    headers: { "x-csrf-token": session.json().csrfToken, cookie: `wf_csrf=${csrfCookie}` },
    payload: { email: EMAIL, password: PASSWORD },
  });
  const cookie = `wf_session=${signIn.cookies.find((c) => c.name === "wf_session")?.value}`;
  return {
    ...server,
    cookie,
    get: (url: string) => app.inject({ method: "GET", url, headers: { cookie } }),
    async close() {
      await server.close().catch(() => undefined);
      removeCopy();
    },
  };
}

export const benchmark: Benchmark = {
  title: `Vulnerable-asset list API on ${COUNT.toLocaleString("en")} findings (SQLite, app.inject; p95 of 40 calls, 20 for sorts)`,
  async run() {
    const bench = await openFindings();
    const { app, get, cookie, tenants } = bench;
    const p95 = async (url: string, n = 40) => {
      const probe = await get(url);
      if (probe.statusCode !== 200) throw new Error(`${url} -> ${probe.statusCode} ${probe.body.slice(0, 200)}`);
      return percentile(await sample(() => get(url), n, 5), 95);
    };
    const first = (await get("/api/v1/findings?limit=1")).json().items[0];
    const baseline = { name: "first page, no filter, last seen desc", value: await p95("/api/v1/findings") };
    const figures: Figure[] = [{ name: baseline.name, value: baseline.value, unit: "ms p95" }];
    const filters: [string, string][] = [
      ["filter priority=Critical", "priority=Critical"],
      ["filter score 9-10", "scoreMin=9"],
      ["filter score 4-6.9", "scoreMin=4&scoreMax=6.9"],
      ["filter status=In Progress", "status=In%20Progress"],
      ["filter kev=true", "kev=true"],
      ["filter epssAbove=0.5", "epssAbove=0.5"],
      ["filter scanner=qualys", "scanner=qualys"],
      ["filter department=Legal", "department=Legal"],
      ["filter businessImpact=High", "businessImpact=High"],
      ["filter environment=Hybrid", "environment=Hybrid"],
      ["filter overdue=true", "overdue=true"],
      ["filter view=open", "view=open"],
      ["filter assignee", `assignee=${encodeURIComponent("Chen Wei")}`],
      ["filter one tenant", `tenant=${tenants[4]?.id}`],
      ["filter one asset", `assetId=${first.assetId}`],
      ["filter cve (a KEV CVE)", `cve=${(await get("/api/v1/findings?kev=true&limit=1")).json().items[0].cveIds[0]}`],
      ["free text: asset name", `q=${encodeURIComponent(first.assetName)}`],
      ["free text: product word", "q=openssh"],
    ];
    for (const [name, query] of filters)
      figures.push({ name, value: await p95(`/api/v1/findings?${query}`), unit: "ms p95", baseline });
    for (const sort of findingSortKeys) {
      for (const dir of ["desc", "asc"])
        figures.push({
          name: `sort ${sort} ${dir}`,
          value: await p95(`/api/v1/findings?sort=${sort}&dir=${dir}`, 20),
          unit: "ms p95",
          baseline,
        });
    }
    const page2 = (await get("/api/v1/findings?sort=score&dir=desc&priority=High")).json().nextCursor;
    figures.push({
      name: "second page (score desc, High)",
      value: await p95(`/api/v1/findings?sort=score&dir=desc&priority=High&cursor=${page2}`),
      unit: "ms p95",
      baseline,
    });
    let deep: string | null = null;
    for (let i = 0; i < 50; i++)
      deep = (await get(`/api/v1/findings?limit=200${deep ? `&cursor=${deep}` : ""}`)).json().nextCursor;
    figures.push({
      name: "deep page (after 10,000 rows, last seen desc)",
      value: await p95(`/api/v1/findings?cursor=${deep}`),
      unit: "ms p95",
      baseline,
    });
    figures.push({ name: "asset inventory first page", value: await p95("/api/v1/assets", 20), unit: "ms p95", baseline });
    figures.push({
      name: "asset inventory sort openFindings desc",
      value: await p95("/api/v1/assets?sort=openFindings&dir=desc", 10),
      unit: "ms p95",
      baseline,
    });
    figures.push({ name: "asset page", value: await p95(`/api/v1/assets/${first.assetId}`, 20), unit: "ms p95", baseline });
    // CSV exports stream keyset pages of 1,000: every Critical finding, then every finding.
    for (const [name, query] of [
      ["priority=Critical", "priority=Critical"],
      ["every finding", ""],
    ] as const) {
      const started = performance.now();
      const csv = await app.inject({
        method: "GET",
        url: `/api/v1/findings/export.csv?${query}`,
        headers: { cookie },
        payloadAsStream: true,
      });
      let lines = 0;
      for await (const chunk of (csv as unknown as { stream(): AsyncIterable<Buffer> }).stream())
        for (const b of chunk) if (b === 10) lines++;
      const seconds = (performance.now() - started) / 1000;
      figures.push({ name: `CSV export rows (${name})`, value: lines - 1, unit: "rows" });
      figures.push({ name: `CSV export rate (${name})`, value: (lines - 1) / seconds, unit: "rows/s" });
    }
    await bench.close();
    return figures;
  },
};
