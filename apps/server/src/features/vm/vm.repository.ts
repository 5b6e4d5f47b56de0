import { openFindingStatuses, priorities, priorityRank } from "@watchfloor/shared";
import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import { longTextIn } from "../../db/dialect";
import type { DB } from "../../db/tables";
import { containsPattern } from "../../db/like";
import { dayNumber, days } from "../../lib/time";

type Db = Kysely<DB> | Transaction<DB>;
const lit = (n: number) => sql.lit(n);
const sum = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;

/**
 * Open findings per tenant and severity from vm_open_figures (migration 0036, kept by triggers):
 * age buckets as counts first seen on or after each UTC day in `ageDays` (newest first), past due
 * before `today` (a UTC day number; today's part comes from `dueToday`), KEV and high EPSS.
 */
export async function openFigures(db: Db, tenantIds: readonly string[], today: number, ageDays: number[]) {
  if (tenantIds.length === 0) return [];
  const add = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then n else 0 end)`;
  return db
    .selectFrom("vm_open_figures")
    .select([
      "tenant_id",
      "severity_rank",
      sql<number>`sum(n)`.as("open"),
      ...ageDays.map((day, i) => add(sql`seen_day >= ${lit(day)}`).as(`age_${i}`)),
      add(sql`due_day >= 0 and due_day < ${lit(today)}`).as("overdue"),
      add(sql`kev = 1`).as("kev"),
      add(sql`high_epss = 1`).as("high_epss"),
    ])
    .where("tenant_id", "in", tenantIds)
    .groupBy(["tenant_id", "severity_rank"])
    .execute();
}

/** Open findings due today before `now`: the part of "past due" the daily figures cannot hold. */
export async function dueToday(db: Db, tenantIds: readonly string[], now: number) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("findings as f")
    .select(["f.tenant_id", "f.severity_rank", sql<number>`count(*)`.as("n")])
    .where("f.tenant_id", "in", tenantIds)
    .where("f.status", "in", [...openFindingStatuses])
    .where("f.due_at", ">=", days(dayNumber(now)))
    .where("f.due_at", "<", now)
    .groupBy(["f.tenant_id", "f.severity_rank"])
    .execute();
}

/**
 * Findings closed as Fixed or Remediated on or after the first UTC day of `monthDays`, per tenant,
 * severity and month (index into `monthDays`), with how many by their due date and the summed
 * time from first seen to close; from vm_closed_figures.
 */
export async function closedFigures(db: Db, tenantIds: readonly string[], monthDays: number[]) {
  if (tenantIds.length === 0) return [];
  const month = sql<number>`case ${sql.join(
    monthDays.map((day, i) => sql`when closed_day >= ${lit(day)} then ${lit(i)}`).reverse(),
    sql` `,
  )} else 0 end`;
  return db
    .selectFrom("vm_closed_figures")
    .select([
      "tenant_id",
      "severity_rank",
      month.as("month"),
      sql<number>`sum(n)`.as("closed"),
      sql<number>`sum(case when on_time = 1 then n else 0 end)`.as("on_time"),
      sql<number>`sum(age_ms)`.as("age_ms"),
    ])
    .where("tenant_id", "in", tenantIds)
    .where("close_reason", "in", ["Fixed", "Remediated"])
    .where("closed_day", ">=", monthDays[0] ?? 0)
    .groupBy(["tenant_id", "severity_rank", sql`3`])
    .execute();
}

/** Findings closed as an accepted risk, per tenant: counted apart from the open backlog. */
export async function acceptedCounts(db: Db, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db
    .selectFrom("vm_closed_figures")
    .select(["tenant_id", sql<number>`sum(n)`.as("n")])
    .where("tenant_id", "in", tenantIds)
    .where("close_reason", "=", "Accepted Risk")
    .groupBy("tenant_id")
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

/** Fix groups from vm_fix_groups (migration 0036), most risk removed first, with the number of groups. */
export async function fixGroups(db: Db, tenantIds: readonly string[], q: string | undefined, limit: number) {
  if (tenantIds.length === 0) return [];
  let query = db
    .selectFrom("vm_fix_groups")
    .select([
      "fix",
      sql<number>`sum(findings)`.as("findings"),
      sql<number>`count(*)`.as("tenants"),
      sql<number>`case when sum(sev_4) > 0 then 4 when sum(sev_3) > 0 then 3 when sum(sev_2) > 0 then 2 else 1 end`.as("worst"),
      sql<number>`sum(kev)`.as("kev"),
      sql<number>`sum(risk_milli)`.as("risk_milli"),
      sql<string | null>`min(cves_first)`.as("cves_first"),
      sql<string | null>`max(cves_last)`.as("cves_last"),
      sql<number>`count(*) over ()`.as("total"),
    ])
    .where("tenant_id", "in", tenantIds);
  if (q) query = query.where(sql<boolean>`lower(fix) like ${containsPattern(q)} escape '\\'`);
  return query.groupBy("fix").orderBy("risk_milli", "desc").orderBy("fix").limit(limit).execute();
}

/** Assets per fix among `fixes` (one vm_fix_assets row per tenant, fix and asset). */
export async function fixAssetCounts(db: Db, tenantIds: readonly string[], fixes: readonly string[]) {
  if (tenantIds.length === 0 || fixes.length === 0) return [];
  return db
    .selectFrom("vm_fix_assets")
    .select(["fix", sql<number>`count(*)`.as("assets")])
    .where("tenant_id", "in", tenantIds)
    .where(longTextIn(db as never, "fix", fixes))
    .groupBy("fix")
    .execute();
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
