import { type FindingListQuery, type FindingSortKey, openFindingStatuses, priorityRank } from "@watchfloor/shared";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { needsListPlans } from "../../db/dialect";
import type { DB } from "../../db/tables";
import { type Cursor, keysetPage } from "../../db/keyset";
import type { CursorSort } from "../../http/cursor";
import { findingTextCandidates, textCandidateRows } from "./findings-search.repository";
import { containsPattern } from "../../db/like";
import { dayNumber, days } from "../../lib/time";

/** Statuses that still need work; Closed is the only done state. */

/**
 * The SQL each sort key orders on, and whether it can be NULL. Every one has a (column, id)
 * index. Remediation texts can be thousands of characters: they sort on their first 80.
 */
const sortColumns: Record<FindingSortKey, { sql: string; nullable: boolean }> = {
  lastSeen: { sql: "findings.last_seen", nullable: false },
  priority: { sql: "findings.severity_rank", nullable: false },
  score: { sql: "findings.cvss_score", nullable: true },
  status: { sql: "findings.status", nullable: false },
  dueAt: { sql: "findings.due_at", nullable: true },
  createdAt: { sql: "findings.created_at", nullable: false },
  epss: { sql: "findings.epss", nullable: true },
  kev: { sql: "findings.kev", nullable: false },
  title: { sql: "findings.title", nullable: false },
  assetKey: { sql: "findings.asset_key", nullable: true },
  assetName: { sql: "findings.asset_name", nullable: true },
  assetType: { sql: "findings.asset_type", nullable: true },
  assignee: { sql: "findings.assignee", nullable: true },
  department: { sql: "findings.department", nullable: true },
  businessImpact: { sql: "findings.business_impact", nullable: true },
  environment: { sql: "findings.client_environment", nullable: true },
  cwe: { sql: "findings.cwe_id", nullable: true },
  cve: { sql: "findings.cve_text", nullable: true },
  services: { sql: "findings.services", nullable: false },
  remediation: { sql: "substr(findings.remediation, 1, 80)", nullable: true },
};

type Column =
  | "tenant_id"
  | "status"
  | "severity_rank"
  | "cvss_score"
  | "kev"
  | "epss"
  | "department"
  | "business_impact"
  | "client_environment"
  | "assignee"
  | "due_at"
  | "asset_id"
  | "services"
  | "search_text"
  | "first_seen"
  | "remediation";

/**
 * How to run one page on SQLite. Pages normally walk the sort index and stop once full, with
 * filter columns written "+col" so SQLite does not pick a filter index and sort every match.
 * When a filter matches few rows (one asset, a CVE, a host name, KEV, a narrow score or EPSS range, overdue)
 * the planner counts it first through its index (capped) and, at most SELECTIVE, starts from
 * those matches and sorts them instead: `driver` names the filter whose index leads.
 */
export interface ListPlan {
  fromMatches: boolean;
  driver?: "asset" | "cve" | "text" | "kev" | "epss" | "score" | "overdue";
}

const SELECTIVE = 5000;

const noPlan: ListPlan = { fromMatches: false };

const tenantsOf = (tenantIds: readonly string[], q: Pick<FindingListQuery, "tenant">) => {
  const tenants = q.tenant?.length ? tenantIds.filter((t) => q.tenant?.includes(t)) : [...tenantIds];
  return tenants.length ? tenants : ["-"];
};

async function fewMatches(db: Kysely<DB>, query: RawBuilder<unknown>): Promise<boolean> {
  const counted = await sql<{ n: number }>`select count(*) as n from (${query} limit ${SELECTIVE + 1}) as m`.execute(db);
  return Number(counted.rows[0]?.n ?? 0) <= SELECTIVE;
}

export async function planFindingList(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  q: FindingListQuery,
  now: number,
): Promise<ListPlan> {
  if (!needsListPlans(db as Kysely<unknown>) || tenantIds.length === 0) return noPlan;
  const tenants = sql.join(tenantsOf(tenantIds, q));
  if (q.assetId?.length) return { fromMatches: true, driver: "asset" };
  if (
    q.cve?.length &&
    (await fewMatches(db, sql`select 1 from finding_cves where cve_id in (${sql.join(q.cve)}) and tenant_id in (${tenants})`))
  ) {
    return { fromMatches: true, driver: "cve" };
  }
  if (q.q && q.q.length >= 3 && (await fewMatches(db, textCandidateRows(q.q)))) return { fromMatches: true, driver: "text" };
  if (q.kev === true && (await fewMatches(db, sql`select 1 from findings where tenant_id in (${tenants}) and kev = 1`)))
    return { fromMatches: true, driver: "kev" };
  if (q.overdue === true) {
    const open = sql.join([...openFindingStatuses]);
    if (
      await fewMatches(
        db,
        sql`select 1 from findings where tenant_id in (${tenants}) and status in (${open}) and due_at < ${now}`,
      )
    )
      return { fromMatches: true, driver: "overdue" };
  }
  if (q.epssAbove != null && (await fewMatches(db, sql`select 1 from findings where epss > ${q.epssAbove}`)))
    return { fromMatches: true, driver: "epss" };
  if (q.scoreMin != null || q.scoreMax != null) {
    const range = sql`select 1 from findings where cvss_score >= ${q.scoreMin ?? 0} and cvss_score <= ${q.scoreMax ?? 10}`;
    if (await fewMatches(db, range)) return { fromMatches: true, driver: "score" };
  }
  return noPlan;
}

/** Every filter of the list query; tenant scope first, always. */
export function filteredFindings(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  q: FindingListQuery,
  now: number,
  plan: ListPlan = noPlan,
) {
  const sqlite = needsListPlans(db as Kysely<unknown>);
  const sorted = sortColumns[q.sort].sql;
  const leads: Record<NonNullable<ListPlan["driver"]>, Column[]> = {
    asset: ["asset_id"],
    cve: [],
    text: [],
    kev: ["tenant_id", "kev"],
    epss: ["epss"],
    score: ["cvss_score"],
    overdue: ["tenant_id", "status", "due_at"],
  };
  const leading = new Set<string>(plan.driver ? leads[plan.driver] : []);
  // "+col" keeps a column out of SQLite's index choice unless it is the one that should lead.
  const col = (column: Column) => {
    const name = `findings.${column}`;
    const keep = !sqlite || leading.has(column) || (!plan.fromMatches && name === sorted);
    return sql.raw(keep ? name : `+${name}`);
  };
  const tenants = tenantsOf(tenantIds, q);
  let query = db.selectFrom("findings").where(sql<boolean>`${col("tenant_id")} in (${sql.join(tenants)})`);
  const open = [...openFindingStatuses];
  const statuses = q.view === "open" ? open : q.view === "closed" ? ["Closed"] : null;
  const wanted = q.status?.length ? (statuses ? q.status.filter((s) => statuses.includes(s)) : q.status) : statuses;
  if (wanted) query = query.where(sql<boolean>`${col("status")} in (${sql.join(wanted.length ? wanted : ["-"])})`);
  if (q.priority?.length)
    query = query.where(sql<boolean>`${col("severity_rank")} in (${sql.join(q.priority.map((p) => priorityRank[p]))})`);
  if (q.scoreMin != null) query = query.where(sql<boolean>`${col("cvss_score")} >= ${q.scoreMin}`);
  if (q.scoreMax != null) query = query.where(sql<boolean>`${col("cvss_score")} <= ${q.scoreMax}`);
  if (q.kev != null) query = query.where(sql<boolean>`${col("kev")} = ${q.kev ? 1 : 0}`);
  if (q.epssAbove != null) query = query.where(sql<boolean>`${col("epss")} > ${q.epssAbove}`);
  if (q.department?.length) query = query.where(sql<boolean>`${col("department")} in (${sql.join(q.department)})`);
  if (q.businessImpact?.length) query = query.where(sql<boolean>`${col("business_impact")} in (${sql.join(q.businessImpact)})`);
  if (q.environment?.length) query = query.where(sql<boolean>`${col("client_environment")} in (${sql.join(q.environment)})`);
  if (q.assetId?.length) query = query.where(sql<boolean>`${col("asset_id")} in (${sql.join(q.assetId)})`);
  if (q.overdue != null) {
    const overdue = sql<boolean>`(${col("status")} in (${sql.join(open)}) and ${col("due_at")} < ${now})`;
    query = query.where(q.overdue ? overdue : sql<boolean>`(not ${overdue} or ${col("due_at")} is null)`);
  }
  // Age in whole UTC days since first seen (docs/vm.md), as VM's age buckets count it.
  const today = dayNumber(now);
  if (q.ageMin != null) query = query.where(sql<boolean>`${col("first_seen")} < ${days(today - q.ageMin + 1)}`);
  if (q.ageMax != null) query = query.where(sql<boolean>`${col("first_seen")} >= ${days(today - q.ageMax)}`);
  if (q.fix) query = query.where(sql<boolean>`${col("remediation")} = ${q.fix}`);
  if (q.assignee?.length) {
    const names = q.assignee.filter((a) => a !== "unassigned");
    const parts = [
      ...(names.length ? [sql`${col("assignee")} in (${sql.join(names)})`] : []),
      ...(q.assignee.includes("unassigned") ? [sql`${col("assignee")} is null`] : []),
    ];
    query = query.where(sql<boolean>`(${sql.join(parts, sql` or `)})`);
  }
  // Scanner names are stored as a JSON array of strings: match the quoted element.
  if (q.scanner?.length)
    query = query.where(
      sql<boolean>`(${sql.join(
        q.scanner.map(
          (s) => sql`${col("services")} like ${`%${JSON.stringify(s).replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`,
        ),
        sql` or `,
      )})`,
    );
  if (q.cve?.length) {
    const cves = sql.join(q.cve);
    query =
      plan.driver === "cve"
        ? query.where(
            sql<boolean>`findings.id in (select finding_id from finding_cves where cve_id in (${cves}) and tenant_id in (${sql.join(tenants)}))`,
          )
        : query.where(
            sql<boolean>`exists (select 1 from finding_cves where finding_cves.cve_id in (${cves}) and finding_cves.finding_id = findings.id)`,
          );
  }
  if (q.q) {
    // LIKE decides (both databases answer the same); the trigram index only narrows when it leads.
    const like = containsPattern(q.q);
    query = query.where(sql<boolean>`${col("search_text")} like ${like} escape '\\'`);
    if (plan.driver === "text") query = query.where(findingTextCandidates(q.q));
  }
  return query;
}

/** Finding sorts whose values are numbers; the rest sort text. */
const numericSorts: ReadonlySet<FindingSortKey> = new Set(["lastSeen", "priority", "score", "dueAt", "createdAt", "epss", "kev"]);

/** What a finding-list cursor continues (see decodeSortCursor). */
export const findingCursorSort = (q: Pick<FindingListQuery, "sort" | "dir">): CursorSort => ({
  sort: q.sort,
  dir: q.dir,
  type: numericSorts.has(q.sort) ? "number" : "string",
  nullable: sortColumns[q.sort].nullable,
});

/** One page of the finding list (see keysetPage), with the tenant and CWE names. */
export function sortedFindingPage(
  db: Kysely<DB>,
  tenantIds: readonly string[],
  q: FindingListQuery,
  now: number,
  cursor: Cursor | undefined,
  plan: ListPlan = noPlan,
) {
  const { sql: base, nullable } = sortColumns[q.sort];
  const column = sql.raw(plan.fromMatches && needsListPlans(db as Kysely<unknown>) ? `+${base}` : base);
  const select = () =>
    filteredFindings(db, tenantIds, q, now, plan)
      .selectAll("findings")
      .select([
        sql<string | number | null>`${column}`.as("sort_value"),
        sql<string>`(select name from tenants where tenants.id = findings.tenant_id)`.as("tenant_name"),
        sql<string | null>`(select name from cwe_names where cwe_names.cwe_id = findings.cwe_id)`.as("cwe_name"),
      ]);
  return keysetPage({ select, column, id: "findings.id", nullable, dir: q.dir, cursor, want: q.limit + 1 });
}

export type FindingListRow = Awaited<ReturnType<typeof sortedFindingPage>>[number];
