import { type RawBuilder, sql } from "kysely";
import { type CloudSecCategory, type CloudSecResourcesQuery, cloudSecCategories, complianceSeverities } from "@watchfloor/shared";
import { type CloudSecFilters, chosen, type Db, facts } from "./cloud-sec-facts.repository";

export type { CloudSecFilters };

// A resource across accounts and tenants; the account's own results have no resource id.
const resourceKey = sql<string>`f.tenant_id || ' ' || f.account_id || ' ' || coalesce(f.resource_id, '')`;
const sum = (expression: RawBuilder<unknown>) => sql<number>`sum(${expression})`;
/** The one value its results agree on, or null when they name none or several. */
const single = (column: string) =>
  sql<string | null>`(case when count(distinct ${sql.ref(column)}) = 1 then min(${sql.ref(column)}) end)`;

type Sort = CloudSecResourcesQuery["sort"];
const orderings: Record<Sort, RawBuilder<unknown>[]> = {
  severity: [sql`worst desc`, sql`failing desc`],
  failing: [sql`failing desc`, sql`worst desc`],
  resource: [],
  account: [sql`f.account_id`],
};

/** A page of resources, grouped from the chosen results, with the total. */
export async function listResources(
  db: Db,
  tenantIds: readonly string[],
  f: CloudSecFilters & { failing?: boolean; sort: Sort; limit: number; offset: number },
  now: number,
) {
  if (tenantIds.length === 0) return { rows: [], total: 0 };
  let grouped = db
    .selectFrom(facts(db, tenantIds, f, now).as("f"))
    .select([
      "f.tenant_id",
      "f.account_id",
      "f.resource_id",
      sql<string | null>`max(f.account_name)`.as("account_name"),
      single("f.resource_type").as("resource_type"),
      single("f.service").as("service"),
      sql<number>`count(distinct f.service)`.as("services"),
      single("f.region").as("region"),
      sql<number>`count(distinct f.region)`.as("regions"),
      sum(sql`f.open`).as("failing"),
      sum(sql`f.pass`).as("passing"),
      sum(sql`f.excepted`).as("excepted"),
      sql<number>`max(case when f.open = 1 then f.rank else -1 end)`.as("worst"),
      sql<number>`max(f.open * f.in_public)`.as("gap_public"),
      sql<number>`max(f.open * f.in_identity)`.as("gap_identity"),
      sql<number>`max(f.open * f.in_logging)`.as("gap_logging"),
    ])
    .groupBy(["f.tenant_id", "f.account_id", "f.resource_id"]);
  if (f.failing || f.category) grouped = grouped.having(sql<boolean>`sum(f.open) > 0`);
  let page = grouped;
  for (const o of orderings[f.sort]) page = page.orderBy(o);
  // A stable order under every sort; the account's own row sorts before its resources.
  page = page.orderBy(sql`coalesce(f.resource_id, '')`).orderBy("f.account_id").orderBy("f.tenant_id");
  // The total rides on the page (a window over the groups): one pass instead of two.
  const rows = await page.select(sql<number>`count(*) over ()`.as("total")).limit(f.limit).offset(f.offset).execute();
  if (rows.length > 0 || f.offset === 0) return { rows, total: Number(rows[0]?.total ?? 0) };
  // Past the last page: count the groups alone.
  const counted = await db
    .selectFrom(grouped.as("g"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return { rows, total: Number(counted?.n ?? 0) };
}

/**
 * The summary's three passes over the same results: per account (everything that adds up across
 * accounts: counts, severities, category failures and resources), per service, and the failing
 * checks with their categories; and the regions, which need no facts.
 */
export async function summary(db: Db, tenantIds: readonly string[], f: CloudSecFilters, now: number) {
  if (tenantIds.length === 0) return { accounts: [], services: [], failingChecks: [], regions: [] };
  const from = () => db.selectFrom(facts(db, tenantIds, f, now).as("f"));
  // Within one account a resource is its id; the account's own results (no id) count as one.
  const inAccount = sql`coalesce(f.resource_id, '')`;
  // Column names from closed lists (cloudSecCategories, complianceSeverities), never from the request.
  const flag = (c: CloudSecCategory) => sql.ref(`f.in_${c}`);
  const [accounts, services, failingChecks, regions] = await Promise.all([
    from()
      .select([
        "f.tenant_id",
        "f.account_id",
        sum(sql`f.open`).as("failing"),
        sum(sql`f.pass`).as("passing"),
        sum(sql`f.excepted`).as("excepted"),
        sql<number>`count(distinct ${inAccount})`.as("resources"),
        sql<number>`count(distinct case when f.open = 1 then ${inAccount} end)`.as("resources_failing"),
        ...complianceSeverities.map((v) =>
          sum(sql`case when f.open = 1 and f.severity = ${v} then 1 else 0 end`).as(`severity_${v}`),
        ),
        ...cloudSecCategories.flatMap((c) => [
          sum(sql`f.open * ${flag(c)}`).as(`${c}_failing`),
          sql<number>`count(distinct case when f.open = 1 and ${flag(c)} = 1 then ${inAccount} end)`.as(`${c}_resources`),
        ]),
      ])
      .groupBy(["f.tenant_id", "f.account_id"])
      .execute(),
    from()
      .select([
        "f.service",
        sum(sql`f.open`).as("failing"),
        sum(sql`f.pass`).as("passing"),
        sql<number>`count(distinct ${resourceKey})`.as("resources"),
        sql<number>`count(distinct case when f.open = 1 then ${resourceKey} end)`.as("resources_failing"),
      ])
      .groupBy("f.service")
      .execute(),
    from()
      .where(sql<boolean>`f.open = 1`)
      .select(["f.tool", "f.control_id", ...cloudSecCategories.map((c) => sql<number>`max(${flag(c)})`.as(`in_${c}`))])
      .groupBy(["f.tool", "f.control_id"])
      .execute(),
    chosen(db, tenantIds, f)
      .select("r.region")
      .distinct()
      .where("r.region", "is not", null)
      .orderBy("r.region")
      .limit(500)
      .execute(),
  ]);
  return {
    accounts: accounts as ((typeof accounts)[number] & Record<string, unknown>)[],
    services,
    failingChecks: failingChecks as Record<string, unknown>[],
    regions,
  };
}

/** The latest cloud-account scans of the tenants in scope: which tools saw each account, and when. */
export async function latestCloudScans(db: Db, tenantIds: readonly string[], tenantId?: string) {
  if (tenantIds.length === 0) return [];
  let q = db
    .selectFrom("compliance_scans")
    .select(["tenant_id", "target_id", "target_name", "tool", "scanned_at"])
    .where("tenant_id", "in", [...tenantIds])
    .where("latest", "=", 1)
    .where("target_kind", "=", "cloud-account");
  if (tenantId) q = q.where("tenant_id", "=", tenantId);
  return q.execute();
}

/** One resource's results (or the account's own), failing first and most severe first. */
export async function listChecks(db: Db, tenantIds: readonly string[], f: CloudSecFilters, now: number, limit: number) {
  if (tenantIds.length === 0) return { rows: [], total: 0 };
  const q = db.selectFrom(facts(db, tenantIds, f, now).as("f"));
  const [rows, total] = await Promise.all([
    q
      .select([
        "f.id",
        "f.tool",
        "f.control_id",
        "f.title",
        "f.severity",
        "f.result",
        "f.excepted",
        "f.service",
        "f.region",
        "f.resource_type",
        "f.evidence",
        "f.scanned_at",
      ])
      .orderBy(sql`f.open`, "desc")
      .orderBy(sql`f.excepted`, "desc")
      .orderBy(sql`f.rank`, "desc")
      .orderBy("f.control_id")
      .orderBy("f.id")
      .limit(limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
