import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import type { AssetsTable, FindingsTable } from "../apps/server/src/db/tables";
import { createAccount } from "../apps/server/src/features/auth/new-account";
import { hashPassword } from "../apps/server/src/features/auth/password-hash";
import { recordRiskSnapshots } from "../apps/server/src/features/risk/risk-snapshots.service";
import { assetRiskRows, openFindingCounts } from "../apps/server/src/features/risk/risk.repository";
import { newId } from "../apps/server/src/lib/tokens";
import { benchApp } from "./bench-app";
import { generateFindings } from "./findings-data";
import { type Benchmark, type Figure, percentile, sample } from "./harness";

/**
 * The Executive Risk View and Cloud Posture on 500,000 synthetic findings (bench/findings-data.ts)
 * over the five demo tenants, with 200 open incidents on generated hosts. SQLite, app.inject.
 */
const COUNT = Number(process.env.BENCH_FINDINGS ?? 500_000);
const NOW = Date.UTC(2026, 10, 21, 12);
const EMAIL = "bench@example.test";
const PASSWORD = "Bench-Marking-Password-1";
const here = path.dirname(fileURLToPath(import.meta.url));
const file = path.join(here, "..", ".tmp", `bench-risk-${COUNT}-v2.db`);

async function ensureDatabase(): Promise<void> {
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const building = `${file}.building`;
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${building}${suffix}`, { force: true });
  const app = await benchApp(building);
  const db = app.ctx.db;
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
  await sql`analyze`.execute(db);
  await app.close();
  renameSync(building, file);
}

export const benchmark: Benchmark = {
  title: `Executive Risk View on ${COUNT.toLocaleString("en")} findings (SQLite, app.inject; p95 of 10 calls)`,
  async run() {
    await ensureDatabase();
    const copy = `${file}.run`;
    const removeCopy = () => {
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${copy}${suffix}`, { force: true });
    };
    removeCopy();
    copyFileSync(file, copy);
    const server = await benchApp(copy);
    const { app, ctx, tenants } = server;
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
    const csrf = (await app.inject({ method: "GET", url: "/api/v1/auth/session", headers: { cookie } })).json().csrfToken;
    const get = (url: string, tenantId?: string) =>
      app.inject({ method: "GET", url, headers: { cookie, ...(tenantId ? { "x-tenant-id": tenantId } : {}) } });
    const post = (url: string, payload: unknown) =>
      app.inject({ method: "POST", url, headers: { cookie, "x-csrf-token": csrf }, payload: payload as never });

    // 200 open incidents, each holding two alerts on hosts of that tenant's inventory.
    const hosts = await ctx.db
      .selectFrom("asset_identities")
      .select(["tenant_id", "value"])
      .where("kind", "=", "hostname")
      .orderBy("tenant_id")
      .orderBy("value")
      .execute();
    for (let i = 0; i < 200; i++) {
      const a = hosts[(i * 97) % hosts.length];
      const b = hosts[(i * 97 + 1) % hosts.length];
      if (!a || !b || a.tenant_id !== b.tenant_id) continue;
      const alertIds = [];
      for (const h of [a, b])
        alertIds.push(
          (
            await post(`/api/v1/alerts?tenantId=${h.tenant_id}`, {
              source: "bench",
              sourceId: `risk-${i}-${h.value}`,
              name: "Suspicious process",
              priority: "High",
              hostname: h.value,
            })
          ).json().id,
        );
      const created = await post("/api/v1/incidents", {
        tenantId: a.tenant_id,
        title: `Bench incident ${i}`,
        priority: "High",
        alertIds,
      });
      if (created.statusCode !== 201) throw new Error(`incident: ${created.statusCode} ${created.body.slice(0, 200)}`);
    }

    const p95 = async (url: string, tenantId?: string, n = 10) => {
      const probe = await get(url, tenantId);
      if (probe.statusCode !== 200) throw new Error(`${url} -> ${probe.statusCode} ${probe.body.slice(0, 200)}`);
      return percentile(await sample(() => get(url, tenantId), n, 2), 95);
    };
    const timed = async (fn: () => Promise<unknown>, n = 5) => percentile(await sample(fn, n, 1), 95);
    const ids = tenants.map((t) => t.id);
    const biggest = ids[0] as string;
    // Baseline: only walking the open findings per asset (the same index, no model arithmetic).
    const walk = () =>
      ctx.db
        .selectFrom("findings as f")
        .select(["f.asset_id", sql<number>`count(*)`.as("n")])
        .where("f.tenant_id", "in", ids)
        .where(sql<boolean>`f.status <> 'Closed'`)
        .groupBy(["f.tenant_id", "f.asset_id"])
        .execute();
    const baseline = { name: "count open findings per asset (walk only)", value: await timed(walk) };
    const figures: Figure[] = [{ name: baseline.name, value: baseline.value, unit: "ms p95" }];
    figures.push({
      name: "asset risk aggregate query, all tenants",
      value: await timed(() => assetRiskRows(ctx.db, ids)),
      unit: "ms p95",
      baseline,
    });
    figures.push({
      name: "open counts by priority and age, all tenants",
      value: await timed(() => openFindingCounts(ctx.db, ids, NOW)),
      unit: "ms p95",
      baseline,
    });
    figures.push({
      name: "GET /risk/summary, all 5 tenants",
      value: await p95("/api/v1/risk/summary"),
      unit: "ms p95",
      baseline,
    });
    figures.push({
      name: "GET /risk/summary, largest tenant",
      value: await p95("/api/v1/risk/summary", biggest),
      unit: "ms p95",
      baseline,
    });
    figures.push({
      name: "GET /risk/summary?days=365, all tenants",
      value: await p95("/api/v1/risk/summary?days=365"),
      unit: "ms p95",
      baseline,
    });
    figures.push({
      name: "GET /risk/cloud-posture, all tenants",
      value: await p95("/api/v1/risk/cloud-posture"),
      unit: "ms p95",
      baseline,
    });
    figures.push({
      name: "daily snapshot of all 5 tenants",
      value: await timed(() => recordRiskSnapshots(ctx, ids), 3),
      unit: "ms p95",
      baseline,
    });
    const summary = (await get("/api/v1/risk/summary")).json();
    figures.push({ name: "open findings in scope", value: summary.totals.openFindings, unit: "findings" });
    figures.push({ name: "assets with open findings", value: summary.totals.assetsWithOpenFindings, unit: "assets" });
    figures.push({ name: "open incidents on assets", value: summary.totals.openIncidentsOnAssets, unit: "incidents" });
    figures.push({ name: "score (all tenants)", value: summary.score.score, unit: "points" });
    await server.close().catch(() => undefined);
    removeCopy();
    return figures;
  },
};
