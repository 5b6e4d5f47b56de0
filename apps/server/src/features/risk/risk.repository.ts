import { priorityRank, priorities } from "@watchfloor/shared";
import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../../db/tables";
import { findingBaseSql, findingEpssFactorSql, findingFullFactorSql } from "../../db/finding-risk-sql";
import { days } from "../../lib/time";

type Db = Kysely<DB> | Transaction<DB>;

const OPEN_INCIDENT = ["Open", "Acknowledged", "In Progress"];

function* chunks<T>(items: readonly T[], size = 500): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

const lit = (n: number) => sql.lit(n);
const base = findingBaseSql;
const epssFactor = findingEpssFactorSql;
const fullFactor = findingFullFactorSql;
/** Written out, not bound: SQLite uses the partial index findings_open_risk_idx (0007) only for this literal term. */
const isOpen = sql<boolean>`f.status <> 'Closed'`;
const bySeverity = (p: (typeof priorities)[number]) =>
  sql<number>`sum(case when f.severity_rank = ${lit(priorityRank[p])} then 1 else 0 end)`;

export interface AssetRiskRow {
  asset_id: string;
  tenant_id: string;
  asset_key: string;
  name: string;
  type: string;
  business_impact: string | null;
  client_environment: string | null;
  internet_facing: number;
  n: number;
  critical: number;
  high: number;
  medium: number;
  low: number;
  kev: number;
  max_b: number;
  sum_b: number;
  max_e: number;
  sum_e: number;
  max_r: number;
  sum_r: number;
}

/** Every asset in scope with open findings, with its findings aggregated as the model needs them. */
export async function assetRiskRows(db: Db, tenantIds: readonly string[]): Promise<AssetRiskRow[]> {
  if (tenantIds.length === 0) return [];
  const grouped = db
    .selectFrom("findings as f")
    .select([
      "f.asset_id",
      sql<number>`count(*)`.as("n"),
      bySeverity("Critical").as("critical"),
      bySeverity("High").as("high"),
      bySeverity("Medium").as("medium"),
      bySeverity("Low").as("low"),
      sql<number>`sum(f.kev)`.as("kev"),
      sql<number>`max(${base})`.as("max_b"),
      sql<number>`sum(${base})`.as("sum_b"),
      sql<number>`max(${base} * ${epssFactor})`.as("max_e"),
      sql<number>`sum(${base} * ${epssFactor})`.as("sum_e"),
      sql<number>`max(${base} * ${fullFactor})`.as("max_r"),
      sql<number>`sum(${base} * ${fullFactor})`.as("sum_r"),
    ])
    .where("f.tenant_id", "in", [...tenantIds])
    .where(isOpen)
    // Tenant first, as the index: the groups come out in index order, no sort.
    .groupBy(["f.tenant_id", "f.asset_id"]);
  const rows = await db
    .selectFrom(grouped.as("g"))
    .innerJoin("assets as a", "a.id", "g.asset_id")
    .select([
      "g.asset_id",
      "a.tenant_id",
      "a.asset_key",
      "a.name",
      "a.type",
      "a.business_impact",
      "a.client_environment",
      "a.internet_facing",
    ])
    .select([
      "g.n",
      "g.critical",
      "g.high",
      "g.medium",
      "g.low",
      "g.kev",
      "g.max_b",
      "g.sum_b",
      "g.max_e",
      "g.sum_e",
      "g.max_r",
      "g.sum_r",
    ])
    .execute();
  // PostgreSQL answers sums and counts as strings (bigint / numeric).
  return rows.map((r) => {
    const out = { ...r } as Record<string, unknown>;
    for (const k of [
      "n",
      "critical",
      "high",
      "medium",
      "low",
      "kev",
      "max_b",
      "sum_b",
      "max_e",
      "sum_e",
      "max_r",
      "sum_r",
      "internet_facing",
    ])
      out[k] = Number(out[k] ?? 0);
    return out as unknown as AssetRiskRow;
  });
}

/** Asset counts per tenant and business impact (null impact as null): the whole inventory. */
export async function assetCounts(db: Db, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  const rows = await db
    .selectFrom("assets")
    .select(["tenant_id", "business_impact", sql<number>`count(*)`.as("n")])
    .where("tenant_id", "in", [...tenantIds])
    .groupBy(["tenant_id", "business_impact"])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** Open findings of one tenant: per priority, counts in the age buckets of riskAgeBuckets (0-7, 8-30, 31-90, over 90 days). */
export interface OpenFindingCounts {
  tenant_id: string;
  byAge: Record<(typeof priorities)[number], [number, number, number, number]>;
  kev: number;
  overdue: number;
  withEpss: number;
  epssHigh: number;
}

/**
 * Open findings per tenant by priority and age (first seen), with KEV, overdue and EPSS counts.
 * Grouped by tenant only, with one sum per cell, so SQLite streams the index instead of sorting
 * every open finding into (priority, age) groups. Ages are cumulative thresholds, split here.
 */
export async function openFindingCounts(db: Db, tenantIds: readonly string[], now: number): Promise<OpenFindingCounts[]> {
  if (tenantIds.length === 0) return [];
  const thresholds = [8, 31, 91].map((d) => lit(now - days(d)));
  const cells = priorities.flatMap((p) => [
    sql<number>`sum(case when f.severity_rank = ${lit(priorityRank[p])} then 1 else 0 end)`.as(`${p}_all`),
    ...thresholds.map((t, i) =>
      sql<number>`sum(case when f.severity_rank = ${lit(priorityRank[p])} and f.first_seen > ${t} then 1 else 0 end)`.as(
        `${p}_${i}`,
      ),
    ),
  ]);
  const rows = (await db
    .selectFrom("findings as f")
    .select([
      "f.tenant_id",
      ...cells,
      sql<number>`sum(f.kev)`.as("kev"),
      sql<number>`sum(case when f.due_at < ${lit(now)} then 1 else 0 end)`.as("overdue"),
      sql<number>`sum(case when f.epss is not null then 1 else 0 end)`.as("with_epss"),
      sql<number>`sum(case when f.epss > 0.1 then 1 else 0 end)`.as("epss_high"),
    ])
    .where("f.tenant_id", "in", [...tenantIds])
    .where(isOpen)
    .groupBy("f.tenant_id")
    .execute()) as unknown as Record<string, unknown>[];
  return rows.map((r) => {
    const n = (k: string) => Number(r[k] ?? 0);
    const byAge = Object.fromEntries(
      priorities.map((p) => {
        // Cumulative "seen after the threshold" counts to buckets: [0-7, 8-30, 31-90, over 90].
        const [a, b, c, all] = [n(`${p}_0`), n(`${p}_1`), n(`${p}_2`), n(`${p}_all`)];
        return [p, [a, b - a, c - b, all - c]];
      }),
    ) as OpenFindingCounts["byAge"];
    return {
      tenant_id: r.tenant_id as string,
      byAge,
      kev: n("kev"),
      overdue: n("overdue"),
      withEpss: n("with_epss"),
      epssHigh: n("epss_high"),
    };
  });
}

/**
 * The host names and addresses of alerts in open incidents, per incident. Alerts are asked by
 * incident id in chunks, not joined (as the map does): the planner mis-reads incident_id's spread.
 */
export async function openIncidentHosts(db: Db, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  const incidents = await db
    .selectFrom("incidents")
    .select("id")
    .where("tenant_id", "in", [...tenantIds])
    .where("status", "in", OPEN_INCIDENT)
    .execute();
  const rows: {
    incident_id: string | null;
    tenant_id: string;
    hostname: string | null;
    src_ip: string | null;
    dst_ip: string | null;
  }[] = [];
  for (const chunk of chunks(incidents.map((i) => i.id))) {
    rows.push(
      ...(await db
        .selectFrom("alerts")
        .select(["incident_id", "tenant_id", "hostname", "src_ip", "dst_ip"])
        .where("incident_id", "in", chunk)
        .where("tenant_id", "in", [...tenantIds])
        .execute()),
    );
  }
  return rows;
}

/** Asset ids known by any of the (kind, value) identities, per tenant, through the identity primary key. */
export async function assetsByIdentities(db: Db, tenantIds: readonly string[], kinds: string[], values: string[]) {
  if (tenantIds.length === 0 || values.length === 0) return [];
  const rows = [];
  for (const chunk of chunks([...new Set(values)], 1000)) {
    rows.push(
      ...(await db
        .selectFrom("asset_identities")
        .select(["tenant_id", "kind", "value", "asset_id"])
        .where("tenant_id", "in", [...tenantIds])
        .where("kind", "in", kinds)
        .where("value", "in", chunk)
        .execute()),
    );
  }
  return rows;
}

/** The open findings of a few assets, worst first (model risk), with what the action list shows. */
export async function worstFindingsOf(db: Db, assetIds: readonly string[], perAsset: number) {
  if (assetIds.length === 0) return [];
  const ranked = db
    .selectFrom("findings as f")
    .select([
      "f.id",
      "f.tenant_id",
      "f.asset_id",
      "f.title",
      "f.severity",
      "f.cvss_score",
      "f.cve_ids",
      "f.kev",
      "f.epss",
      "f.remediation",
      sql<number>`${base} * ${fullFactor}`.as("risk"),
      sql<number>`row_number() over (partition by f.asset_id order by ${base} * ${fullFactor} desc, f.id)`.as("rn"),
    ])
    .where("f.asset_id", "in", [...assetIds])
    .where(isOpen);
  const rows = await db.selectFrom(ranked.as("r")).selectAll().where("rn", "<=", perAsset).execute();
  return rows.map((r) => ({ ...r, risk: Number(r.risk), kev: Number(r.kev), rn: Number(r.rn) }));
}

/** The `perAsset` highest finding risks of each asset (open findings), for recomputing an asset without some. */
export async function topRisksOf(db: Db, assetIds: readonly string[], perAsset: number) {
  const out: { id: string; asset_id: string; risk: number; rn: number }[] = [];
  for (const chunk of chunks(assetIds)) {
    const ranked = db
      .selectFrom("findings as f")
      .select([
        "f.id",
        "f.asset_id",
        sql<number>`${base} * ${fullFactor}`.as("risk"),
        sql<number>`row_number() over (partition by f.asset_id order by ${base} * ${fullFactor} desc, f.id)`.as("rn"),
      ])
      .where("f.asset_id", "in", chunk)
      .where(isOpen);
    const rows = await db
      .selectFrom(ranked.as("r"))
      .selectAll()
      .where("rn", "<=", perAsset)
      .orderBy("asset_id")
      .orderBy("rn")
      .execute();
    for (const r of rows) out.push({ id: r.id, asset_id: r.asset_id, risk: Number(r.risk), rn: Number(r.rn) });
  }
  return out;
}

/** CISA's name and required action for KEV entries, by CVE. */
export async function kevEntries(db: Db, cveIds: readonly string[]) {
  if (cveIds.length === 0) return [];
  return db
    .selectFrom("kev_catalog")
    .select(["cve_id", "vulnerability_name", "required_action"])
    .where("cve_id", "in", [...new Set(cveIds)])
    .execute();
}

/** Every open finding in scope carrying one of the CVEs (through finding_cves), with its model risk. */
export async function openFindingsWithCves(db: Db, tenantIds: readonly string[], cveIds: readonly string[]) {
  if (tenantIds.length === 0 || cveIds.length === 0) return [];
  const rows = await db
    .selectFrom("finding_cves as fc")
    .innerJoin("findings as f", "f.id", "fc.finding_id")
    .select(["fc.cve_id", "f.id", "f.asset_id", sql<number>`${base} * ${fullFactor}`.as("risk")])
    .where("fc.cve_id", "in", [...new Set(cveIds)])
    .where("fc.tenant_id", "in", [...tenantIds])
    .where(isOpen)
    .execute();
  return rows.map((r) => ({ ...r, risk: Number(r.risk) }));
}

export async function tenantNames(db: Db, tenantIds: readonly string[]): Promise<Map<string, string>> {
  if (tenantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("tenants")
    .select(["id", "name"])
    .where("id", "in", [...tenantIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
