import type { Kysely } from "kysely";
import type { DB } from "../apps/server/src/db/tables";
import { newId } from "../apps/server/src/lib/tokens";
import { type Benchmark, type Figure, percentile, sample } from "./harness";
import { COUNT, NOW, openMillion } from "./million";
import { startServe } from "./serve-process";

const INCIDENTS = Number(process.env.BENCH_MAP_INCIDENTS ?? 5_000);
const DAY = 86_400_000;

// Real places for the benchmark's asset sites (the demo generator names hosts, not sites).
const sites: [string, string, number, number][] = [
  ["Frankfurt DC", "On-premise", 50.1109, 8.6821],
  ["London HQ", "On-premise", 51.5072, -0.1276],
  ["AWS eu-west-1", "Cloud", 53.3498, -6.2603],
  ["Azure West US 2", "Cloud", 47.2343, -119.8526],
  ["Singapore office", "Hybrid", 1.3521, 103.8198],
  ["São Paulo office", "Hybrid", -23.5505, -46.6333],
  ["Madrid DC", "On-premise", 40.4168, -3.7038],
  ["Tokyo DC", "On-premise", 35.6762, 139.6503],
  ["Toronto office", "Hybrid", 43.6532, -79.3832],
  ["GCP us-east1", "Cloud", 33.196, -80.0131],
];

/**
 * Turns the million-alert copy into a SOC with incidents: pairs of high-priority alerts of the
 * last 30 days escalated together (5,000 incidents by default, a few with human or insider root
 * causes), and an asset with a site for every second host they name.
 */
export async function seedIncidents(db: Kysely<DB>): Promise<{ incidents: number; assets: number }> {
  const alerts = await db
    .selectFrom("alerts")
    .select(["id", "tenant_id", "detected_at", "hostname", "name", "priority"])
    .where("priority", "in", ["Critical", "High"])
    .where("detected_at", ">=", NOW - 30 * DAY)
    .orderBy("id")
    .limit(INCIDENTS * 2)
    .execute();
  const numbers = new Map<string, number>();
  const hosts = new Map<string, string>();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i + 1 < alerts.length; i += 2) {
      const pair = [alerts[i], alerts[i + 1]].filter(
        (a): a is NonNullable<typeof a> => a !== undefined && a.tenant_id === alerts[i]?.tenant_id,
      );
      const first = pair[0];
      if (!first) continue;
      const number = (numbers.get(first.tenant_id) ?? 0) + 1;
      numbers.set(first.tenant_id, number);
      const at = Math.min(NOW - 60_000, Math.max(...pair.map((a) => a.detected_at)) + 10 * 60_000);
      const id = newId();
      const rootCause = i % 40 === 0 ? "Insider error" : i % 200 === 2 ? "Malicious insider" : null;
      await trx
        .insertInto("incidents")
        .values({
          id,
          tenant_id: first.tenant_id,
          number,
          title: first.name,
          description: null,
          priority: first.priority,
          status: "Open",
          owner_user_id: null,
          root_cause: rootCause,
          resolution_type: null,
          closure_notes: null,
          ticket_id: null,
          created_by: null,
          created_at: at,
          updated_at: at,
          acknowledged_at: null,
          responded_at: null,
          resolved_at: null,
          closed_at: null,
        })
        .execute();
      await trx
        .updateTable("alerts")
        .set({ incident_id: id, escalated_at: at })
        .where(
          "id",
          "in",
          pair.map((a) => a.id),
        )
        .execute();
      for (const a of pair) if (a.hostname) hosts.set(`${a.tenant_id}|${a.hostname.toLowerCase()}`, a.tenant_id);
    }
    let n = 0;
    for (const [key, tenantId] of hosts) {
      if (n++ % 2) continue;
      const host = key.slice(tenantId.length + 1);
      const [site, env, lat, lng] = sites[n % sites.length] ?? sites[0] ?? ["", "", 0, 0];
      const id = newId();
      await trx
        .insertInto("assets")
        .values({
          id,
          tenant_id: tenantId,
          asset_key: `ASSET-${String(n).padStart(6, "0")}`,
          name: host,
          type: "Workstation",
          department: null,
          business_impact: null,
          client_environment: env,
          site,
          latitude: lat,
          longitude: lng,
          owner: null,
          internet_facing: 0,
          created_at: NOW,
          updated_at: NOW,
          first_seen: NOW,
          last_seen: NOW,
        })
        .execute();
      await trx
        .insertInto("asset_identities")
        .values({ tenant_id: tenantId, asset_id: id, kind: "hostname", value: host })
        .execute();
    }
  });
  const incidents = [...numbers.values()].reduce((a, b) => a + b, 0);
  return { incidents, assets: Math.ceil(hosts.size / 2) };
}

/** RSS of a real `watchfloor serve` on the same database before and after its first map request (GeoIP loads then). */
async function serveMemory(databaseUrl: string, mapQuery: string): Promise<Figure[]> {
  const server = await startServe(databaseUrl);
  try {
    const cookie = await server.signIn();
    const get = async (u: string) => {
      const r = await fetch(`${server.url}${u}`, { headers: { cookie } });
      if (!r.ok) throw new Error(`${u} -> ${r.status}`);
      await r.arrayBuffer();
    };
    for (let i = 0; i < 5; i++) await get("/api/v1/alerts");
    await get(`/api/v1/dashboard/summary?${mapQuery}`);
    const before = server.rss("VmRSS");
    for (let i = 0; i < 5; i++) await get(`/api/v1/map/points?${mapQuery}`);
    const after = server.rss("VmRSS");
    return [
      { name: "serve RSS before the first map request", value: before, unit: "MB" },
      { name: "serve RSS after 5 map requests (GeoIP in)", value: after, unit: "MB" },
      { name: "serve RSS growth from the map", value: after - before, unit: "MB" },
      { name: "serve peak RSS (VmHWM)", value: server.rss("VmHWM"), unit: "MB" },
    ];
  } finally {
    await server.stop();
  }
}

export const benchmark: Benchmark = {
  title: `Incident map API on ${COUNT.toLocaleString("en")} alerts (SQLite, app.inject, p95 of 20 calls)`,
  async run() {
    const million = await openMillion();
    const seeded = await seedIncidents(million.ctx.db);
    console.log(`  ${seeded.incidents.toLocaleString("en")} incidents, ${seeded.assets.toLocaleString("en")} assets with sites`);
    const started = performance.now();
    const first = await million.get(`/api/v1/map/points?${window(30)}`);
    const cold = performance.now() - started;
    if (first.statusCode !== 200) throw new Error(`map -> ${first.statusCode} ${first.body.slice(0, 200)}`);
    const body = first.json() as { incidents: number; placed: number; points: unknown[] };
    console.log(
      `  30 days: ${body.incidents} incidents, ${body.placed} placed at ${body.points.length} points, ${(first.body.length / 1024).toFixed(0)} KB`,
    );
    const timings = (url: string, headers: Record<string, string> = {}) =>
      sample(() => million.app.inject({ method: "GET", url, headers: { cookie: million.cookie, ...headers } }), 20, 2);
    const baseline = { name: "alert list first page", value: percentile(await timings("/api/v1/alerts"), 95) };
    const tenant = million.tenants[1]?.id ?? "";
    const figures: Figure[] = [
      { name: "alert list first page (baseline)", value: baseline.value, unit: "ms p95" },
      { name: "map points, 30 days, first call (GeoIP loads)", value: cold, unit: "ms" },
    ];
    for (const [name, url, headers] of mapCases(tenant)) {
      const times = await timings(url, headers);
      figures.push({ name: `${name} (p50)`, value: percentile(times, 50), unit: "ms" });
      figures.push({ name, value: percentile(times, 95), unit: "ms p95", baseline });
    }
    figures.push(...(await serveMemory(million.url, window(30))));
    await million.close();
    return figures;
  },
};

/** The map's time window ending at the data's "now", as a query string. */
const window = (days: number) => `from=${new Date(NOW - days * DAY).toISOString()}&to=${new Date(NOW).toISOString()}`;

/** The map requests measured: name, URL and the tenant header when one tenant is selected. */
export function mapCases(tenant: string): [string, string, Record<string, string>?][] {
  return [
    ["map points, 30 days, all tenants", `/api/v1/map/points?${window(30)}`],
    ["map points, 7 days, all tenants", `/api/v1/map/points?${window(7)}`],
    ["map points, 30 days, one tenant", `/api/v1/map/points?${window(30)}`, { "x-tenant-id": tenant }],
  ];
}
