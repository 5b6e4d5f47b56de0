/**
 * The rows every Cloud Sec view adds up (docs/cloud-sec.md): the results of the latest
 * cloud-account scans in scope, chosen by the filters, with their exception and category facts.
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { CloudSecCategory, CloudSecResourcesQuery } from "@watchfloor/shared";
import { containsPattern } from "../../db/like";
import type { DB } from "../../db/tables";
import { coveredByException } from "../compliance/compliance-exceptions.repository";
import { severityRank } from "../compliance/compliance-results.repository";
import { categoryRules } from "./cloud-sec-categories";

export type Db = Kysely<DB>;

/** What chooses results: the list's filters, and for one resource's checks, the resource. */
export type CloudSecFilters = Pick<CloudSecResourcesQuery, "tenantId" | "account" | "service" | "region" | "category" | "q"> & {
  /** A resource of the account (a string), or the account's own results (null). */
  resource?: string | null;
};

/** 1 when a check is in the category, else 0: cloud-sec-categories.ts's test, in SQL. */
function categorySql(category: CloudSecCategory, text: RawBuilder<string>, service: RawBuilder<string | null>) {
  const rule = categoryRules[category];
  const tests = [
    ...(rule.services.length ? [sql`lower(coalesce(${service}, '')) in (${sql.join(rule.services)})`] : []),
    ...rule.keywords.map((k) => sql`${text} like ${containsPattern(k)} escape '\\'`),
  ];
  return sql<number>`(case when ${sql.join(tests, sql` or `)} then 1 else 0 end)`;
}

/** The results of the latest cloud-account scans of the tenants in scope that the filters choose. */
export function chosen(db: Db, tenantIds: readonly string[], f: CloudSecFilters) {
  let q = db
    .selectFrom("compliance_results as r")
    .innerJoin("compliance_scans as s", "s.id", "r.scan_id")
    .where("r.tenant_id", "in", [...tenantIds])
    .where("s.tenant_id", "in", [...tenantIds])
    .where("s.latest", "=", 1)
    .where("s.target_kind", "=", "cloud-account");
  if (f.tenantId) q = q.where("s.tenant_id", "=", f.tenantId);
  if (f.account) q = q.where("s.target_id", "=", f.account);
  if (f.service) q = q.where("r.service", "=", f.service);
  if (f.region) q = q.where("r.region", "=", f.region);
  if (f.resource !== undefined)
    q = f.resource === null ? q.where("r.resource_id", "is", null) : q.where("r.resource_id", "=", f.resource);
  if (f.q) {
    const like = containsPattern(f.q);
    q = q.where(
      sql<boolean>`(lower(coalesce(r.resource_id, '')) like ${like} escape '\\' or lower(coalesce(r.resource_type, '')) like ${like} escape '\\'
        or lower(s.target_id) like ${like} escape '\\' or lower(coalesce(s.target_name, '')) like ${like} escape '\\'
        or lower(coalesce(r.service, '')) like ${like} escape '\\')`,
    );
  }
  return q;
}

/**
 * The distinct checks (tool, control, title, service) of the chosen results with their category
 * flags: the keyword test runs once per check, not once per result (a few hundred checks against
 * 100,000 results of the same checks). With a category, only that category's checks.
 */
function classifiedChecks(db: Db, tenantIds: readonly string[], f: CloudSecFilters) {
  const text = sql<string>`replace(replace(lower(r.control_id || ' ' || r.title), '_', ' '), '-', ' ')`;
  const service = sql<string | null>`r.service`;
  // GROUP BY, not DISTINCT over a subquery: the flags are then worked out per group, and the
  // database cannot fold them back into the per-result query (SQLite flattens a plain subquery).
  let q = chosen(db, tenantIds, f)
    .select([
      "s.tool",
      "r.control_id",
      "r.title",
      "r.service",
      categorySql("public", text, service).as("in_public"),
      categorySql("identity", text, service).as("in_identity"),
      categorySql("logging", text, service).as("in_logging"),
    ])
    .groupBy(["s.tool", "r.control_id", "r.title", "r.service"]);
  if (f.category) q = q.having(sql<boolean>`${categorySql(f.category, text, service)} = 1`);
  return q;
}

/**
 * One row per chosen result with the facts the views add up: open (fail or error, no
 * exception), pass, excepted, severity rank and the three category flags of its check. Every
 * view reads these rows, so every view counts the same results.
 */
export function facts(db: Db, tenantIds: readonly string[], f: CloudSecFilters, now: number) {
  const inner = chosen(db, tenantIds, f)
    .innerJoin(classifiedChecks(db, tenantIds, f).as("c"), (join) =>
      join
        .onRef("c.tool", "=", "s.tool")
        .onRef("c.control_id", "=", "r.control_id")
        .onRef("c.title", "=", "r.title")
        .on(sql<boolean>`coalesce(c.service, '') = coalesce(r.service, '')`),
    )
    .select([
      "r.id",
      "r.tenant_id",
      "s.target_id as account_id",
      "s.target_name as account_name",
      "s.tool",
      "s.scanned_at",
      "r.control_id",
      "r.title",
      "r.severity",
      "r.result",
      "r.evidence",
      "r.resource_id",
      "r.resource_type",
      "r.service",
      "r.region",
      "c.in_public",
      "c.in_identity",
      "c.in_logging",
      severityRank.as("rank"),
      coveredByException(now).as("excepted"),
    ]);
  return db
    .selectFrom(inner.as("b"))
    .selectAll("b")
    .select([
      sql<number>`(case when b.result in ('fail', 'error') and b.excepted = 0 then 1 else 0 end)`.as("open"),
      sql<number>`(case when b.result = 'pass' then 1 else 0 end)`.as("pass"),
    ]);
}
