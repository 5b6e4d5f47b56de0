import { openFindingStatuses, priorities, priorityRank } from "@watchfloor/shared";
import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import { findingBaseSql, findingFullFactorSql } from "../../db/finding-risk-sql";
import type { DB } from "../../db/tables";
import { containsPattern } from "../../db/like";

type Db = Kysely<DB> | Transaction<DB>;
const lit = (n: number) => sql.lit(n);
/** Written out, not bound, as in risk.repository: SQLite then reads the partial index findings_open_risk_idx. */
const isOpen = sql<boolean>`f.status <> 'Closed'`;
const sum = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;

/**
 * Open findings per tenant and severity: age buckets (first seen at or after each bound), overdue,
 * KEV and high EPSS. `ageBounds` are first-seen times, newest first: [now - 31 d, now - 91 d, ...].
 */
export async function openFigures(db: Db, tenantIds: readonly string[], now: number, ageBounds: number[], highEpss: number) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("findings as f")
    .select([
      "f.tenant_id",
      "f.severity_rank",
      sql<number>`count(*)`.as("open"),
      ...ageBounds.map((bound, i) => sum(sql`f.first_seen > ${lit(bound)}`).as(`age_${i}`)),
      sum(sql`f.due_at < ${lit(now)}`).as("overdue"),
      sum(sql`f.kev = 1`).as("kev"),
      sum(sql`f.epss > ${lit(highEpss)}`).as("high_epss"),
    ])
    .where("f.tenant_id", "in", tenantIds)
    .where(isOpen)
    .groupBy(["f.tenant_id", "f.severity_rank"])
    .execute();
}

/**
 * Findings closed as Fixed or Remediated since `from`, per tenant, severity and month (index into
 * `monthStarts`), with how many by their due date and the summed days from first seen to close.
 */
export async function closedFigures(db: Db, tenantIds: readonly string[], monthStarts: number[]) {
  if (tenantIds.length === 0) return [];
  const from = monthStarts[0] ?? 0;
  const month = sql<number>`case ${sql.join(
    monthStarts.map((start, i) => sql`when f.closed_at >= ${lit(start)} then ${lit(i)}`).reverse(),
    sql` `,
  )} else 0 end`;
  return db
    .selectFrom("findings as f")
    .select([
      "f.tenant_id",
      "f.severity_rank",
      month.as("month"),
      sql<number>`count(*)`.as("closed"),
      sum(sql`(f.due_at is null or f.closed_at <= f.due_at)`).as("on_time"),
      sql<number>`sum(f.closed_at - f.first_seen)`.as("age_ms"),
    ])
    .where("f.tenant_id", "in", tenantIds)
    .where(sql<boolean>`f.status = 'Closed'`)
    .where("f.closed_at", ">=", from)
    .where("f.close_reason", "in", ["Fixed", "Remediated"])
    .groupBy(["f.tenant_id", "f.severity_rank", sql`3`])
    .execute();
}

/** Findings closed as an accepted risk, per tenant: counted apart from the open backlog. */
export async function acceptedCounts(db: Db, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("findings as f")
    .select(["f.tenant_id", sql<number>`count(*)`.as("n")])
    .where("f.tenant_id", "in", tenantIds)
    .where(sql<boolean>`f.status = 'Closed'`)
    .where("f.closed_at", "is not", null)
    .where("f.close_reason", "=", "Accepted Risk")
    .groupBy("f.tenant_id")
    .execute();
}

/** Assets per tenant and those no scan has seen since `staleBefore` (scan coverage). */
export async function assetCoverage(db: Db, tenantIds: readonly string[], staleBefore: number) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("assets as a")
    .select(["a.tenant_id", sql<number>`count(*)`.as("assets"), sum(sql`a.last_seen < ${lit(staleBefore)}`).as("stale")])
    .where("a.tenant_id", "in", tenantIds)
    .groupBy("a.tenant_id")
    .execute();
}

export async function tenantNames(db: Db, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db.selectFrom("tenants").select(["id", "name"]).where("id", "in", tenantIds).orderBy("name").execute();
}

const worstRank = sql<number>`max(f.severity_rank)`;

/** Open findings grouped by their remediation text, most risk removed first, with the number of groups. */
export async function fixGroups(db: Db, tenantIds: readonly string[], q: string | undefined, limit: number) {
  if (tenantIds.length === 0) return [];
  let query = db
    .selectFrom("findings as f")
    .select([
      sql<string>`f.remediation`.as("fix"),
      sql<number>`count(*)`.as("findings"),
      sql<number>`count(distinct f.asset_id)`.as("assets"),
      sql<number>`count(distinct f.tenant_id)`.as("tenants"),
      worstRank.as("worst"),
      sql<number>`sum(f.kev)`.as("kev"),
      sql<number>`sum(${findingBaseSql} * ${findingFullFactorSql})`.as("risk"),
      // Two CVE sets as examples (the least and greatest CVE text): listing every CVE of a group
      // would join finding_cves for every open finding.
      sql<string | null>`min(f.cve_text)`.as("cves_low"),
      sql<string | null>`max(f.cve_text)`.as("cves_high"),
      sql<number>`count(*) over ()`.as("total"),
    ])
    .where("f.tenant_id", "in", tenantIds)
    .where(isOpen)
    .where("f.remediation", "is not", null)
    .where("f.remediation", "<>", "");
  if (q) query = query.where(sql<boolean>`lower(f.remediation) like ${containsPattern(q)} escape '\\'`);
  return query.groupBy("f.remediation").orderBy("risk", "desc").orderBy("fix").limit(limit).execute();
}

/** The open findings of one fix in one tenant (a campaign's start), at most `limit`. */
export async function openFindingIdsOfFix(db: Db, tenantId: string, fix: string, limit: number) {
  const rows = await db
    .selectFrom("findings as f")
    .select("f.id")
    .where("f.tenant_id", "=", tenantId)
    .where("f.status", "in", [...openFindingStatuses])
    .where("f.remediation", "=", fix)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Which of `ids` are open findings of the tenant. */
export async function openFindingIds(db: Db, tenantId: string, ids: readonly string[]) {
  const found: string[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("findings")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("status", "in", [...openFindingStatuses])
      .where("id", "in", ids.slice(i, i + 500))
      .execute();
    found.push(...rows.map((r) => r.id));
  }
  return found;
}

export async function insertCampaign(db: Db, row: DB["vm_campaigns"], findingIds: readonly string[]): Promise<void> {
  await db.insertInto("vm_campaigns").values(row).execute();
  for (let i = 0; i < findingIds.length; i += 500) {
    await db
      .insertInto("vm_campaign_findings")
      .values(findingIds.slice(i, i + 500).map((finding_id) => ({ campaign_id: row.id, finding_id, tenant_id: row.tenant_id })))
      .execute();
  }
}

/** Campaigns in scope with their members' state: fixed by a scan, closed otherwise, still open. */
export async function campaigns(db: Db, tenantIds: readonly string[], campaignId?: string) {
  if (tenantIds.length === 0) return [];
  let query = db
    .selectFrom("vm_campaigns as c")
    .leftJoin("users as u", "u.id", "c.owner_user_id")
    .leftJoin("vm_campaign_findings as m", "m.campaign_id", "c.id")
    .leftJoin("findings as f", "f.id", "m.finding_id")
    .select([
      "c.id",
      "c.tenant_id",
      "c.name",
      "c.owner_user_id",
      "u.display_name as owner_name",
      "c.fix_text",
      "c.due_at",
      "c.created_at",
      sql<number>`count(f.id)`.as("total"),
      sum(sql`f.status = 'Closed' and f.close_reason = 'Fixed'`).as("fixed"),
      sum(sql`f.status = 'Closed' and (f.close_reason is null or f.close_reason <> 'Fixed')`).as("closed_otherwise"),
    ])
    .where("c.tenant_id", "in", tenantIds)
    .groupBy(["c.id", "c.tenant_id", "c.name", "c.owner_user_id", "u.display_name", "c.fix_text", "c.due_at", "c.created_at"]);
  if (campaignId) query = query.where("c.id", "=", campaignId);
  return query.orderBy("c.created_at", "desc").orderBy("c.id").limit(200).execute();
}

/** When each member of a campaign was closed as Fixed (null while not), for the burndown. */
export async function campaignFixTimes(db: Db, tenantIds: readonly string[], campaignId: string) {
  return db
    .selectFrom("vm_campaign_findings as m")
    .innerJoin("findings as f", "f.id", "m.finding_id")
    .select(sql<number | null>`case when f.status = 'Closed' and f.close_reason = 'Fixed' then f.closed_at end`.as("fixed_at"))
    .where("m.campaign_id", "=", campaignId)
    .where("m.tenant_id", "in", tenantIds)
    .execute();
}

/** A campaign's findings for a ticket, worst first. */
export async function campaignFindings(db: Db, tenantIds: readonly string[], campaignId: string, limit: number) {
  return db
    .selectFrom("vm_campaign_findings as m")
    .innerJoin("findings as f", "f.id", "m.finding_id")
    .select(["f.id", "f.title", "f.severity", "f.severity_rank", "f.asset_name", "f.asset_key", "f.cve_ids", "f.status"])
    .where("m.campaign_id", "=", campaignId)
    .where("m.tenant_id", "in", tenantIds)
    .orderBy("f.severity_rank", "desc")
    .orderBy("f.id")
    .limit(limit)
    .execute();
}

export const severityOfRank = (rank: number) => priorities.find((p) => priorityRank[p] === rank) ?? "Low";
