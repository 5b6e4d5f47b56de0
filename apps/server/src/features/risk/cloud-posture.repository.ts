import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

const CLOUD = "Cloud";

/** Open findings of the tenants' cloud assets, aggregated per asset (reads findings through asset_id). */
function cloudFindings(db: Db, tenantIds: readonly string[]) {
  const cloudIds = db
    .selectFrom("assets")
    .select("id")
    .where("tenant_id", "in", [...tenantIds])
    .where("client_environment", "=", CLOUD);
  return (
    db
      .selectFrom("findings as f")
      .select([
        "f.asset_id",
        sql<number>`count(*)`.as("n"),
        sql<number>`sum(case when f.severity = 'Critical' then 1 else 0 end)`.as("critical"),
        sql<number>`sum(case when f.severity = 'High' then 1 else 0 end)`.as("high"),
        sql<number>`sum(case when f.severity = 'Medium' then 1 else 0 end)`.as("medium"),
        sql<number>`sum(case when f.severity = 'Low' then 1 else 0 end)`.as("low"),
        sql<number>`sum(f.kev)`.as("kev"),
        sql<number | null>`max(f.cvss_score)`.as("max_score"),
      ])
      .where("f.asset_id", "in", cloudIds)
      .where("f.tenant_id", "in", [...tenantIds])
      // Literal, not bound: SQLite then reads the partial index findings_open_risk_idx (0007).
      .where(sql<boolean>`f.status <> 'Closed'`)
      .groupBy(["f.tenant_id", "f.asset_id"])
  );
}

/** The tenants' assets in the Cloud environment, most open findings first, up to `limit`. */
export async function cloudAssets(db: Db, tenantIds: readonly string[], limit: number) {
  if (tenantIds.length === 0) return [];
  const rows = await db
    .selectFrom("assets as a")
    .leftJoin(cloudFindings(db, tenantIds).as("g"), "g.asset_id", "a.id")
    .select(["a.id", "a.tenant_id", "a.asset_key", "a.name", "a.type", "a.site", "a.owner", "a.internet_facing", "a.last_seen"])
    .select(["g.n", "g.critical", "g.high", "g.medium", "g.low", "g.kev", "g.max_score"])
    .where("a.tenant_id", "in", [...tenantIds])
    .where("a.client_environment", "=", CLOUD)
    .orderBy(sql`coalesce(g.n, 0)`, "desc")
    .orderBy(sql`coalesce(g.max_score, -1)`, "desc")
    .orderBy("a.asset_key")
    .orderBy("a.id")
    .limit(limit)
    .execute();
  const n = (v: unknown) => Number(v ?? 0);
  return rows.map((r) => ({
    ...r,
    last_seen: n(r.last_seen),
    internet_facing: n(r.internet_facing),
    n: n(r.n),
    critical: n(r.critical),
    high: n(r.high),
    medium: n(r.medium),
    low: n(r.low),
    kev: n(r.kev),
    max_score: r.max_score == null ? null : Number(r.max_score),
  }));
}

/** Counts over every cloud asset in scope, not only the listed ones. */
export async function cloudTotals(db: Db, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return { assets: 0, withOpenFindings: 0, openFindings: 0, kevFindings: 0, internetFacing: 0 };
  const row = await db
    .selectFrom("assets as a")
    .leftJoin(cloudFindings(db, tenantIds).as("g"), "g.asset_id", "a.id")
    .select([
      sql<number>`count(*)`.as("assets"),
      sql<number>`sum(case when g.n > 0 then 1 else 0 end)`.as("with_open"),
      sql<number>`sum(coalesce(g.n, 0))`.as("open"),
      sql<number>`sum(coalesce(g.kev, 0))`.as("kev"),
      sql<number>`sum(a.internet_facing)`.as("internet"),
    ])
    .where("a.tenant_id", "in", [...tenantIds])
    .where("a.client_environment", "=", CLOUD)
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => Number(v ?? 0);
  return {
    assets: n(row.assets),
    withOpenFindings: n(row.with_open),
    openFindings: n(row.open),
    kevFindings: n(row.kev),
    internetFacing: n(row.internet),
  };
}
