import { type Kysely, sql } from "kysely";
import { isSqlite } from "../dialect";

/**
 * VM's maintained figures (issue 17, docs/vm.md "Maintained figures"): the overview and the fix
 * groups read small tables that triggers on `findings` keep in step, instead of aggregating
 * 500,000 findings per request (3.1 s and 6.8 s p95 before). Triggers, not service code, because
 * findings change through imports, the findings service, acceptances, intel refreshes (KEV and
 * EPSS), retention and tenant deletion, and any later path must not be able to forget them.
 *
 * - `vm_open_figures`: open findings per tenant, severity, UTC day first seen, UTC day due (-1
 *   without a due date), KEV and high EPSS (> 0.1). Age buckets are whole UTC days, so they are
 *   exact sums of rows; "past due" adds today's rows from the findings themselves.
 * - `vm_closed_figures`: closed findings per tenant, close reason, UTC day closed, severity and
 *   whether closed by the due date, with the summed time from first seen to closed.
 * - `vm_fix_groups`: open findings with a remediation text per tenant and text: counts per
 *   severity, KEV, risk removed in thousandths (integers, so adding and taking away never drifts),
 *   and two example CVE lists. `vm_fix_assets`: findings per (tenant, text, asset), whose rows
 *   count the group's assets.
 * On PostgreSQL the texts are matched through md5(fix): remediation texts run to thousands of
 * characters, past the B-tree entry limit. Frozen SQL: no feature code is imported; the risk
 * expression is riskModel version 1 (packages/shared/src/risk.ts), as finding-risk-sql.ts.
 */
const DAY = 86_400_000;

const openKey = ["tenant_id", "severity_rank", "seen_day", "due_day", "kev", "high_epss"];
const closedKey = ["tenant_id", "close_reason", "closed_day", "severity_rank", "on_time"];

const open = (p: string) => `${p}.status <> 'Closed'`;
const openValues = (p: string) => [
  `${p}.tenant_id`,
  `${p}.severity_rank`,
  `${p}.first_seen / ${DAY}`,
  `coalesce(${p}.due_at / ${DAY}, -1)`,
  `${p}.kev`,
  `case when ${p}.epss > 0.1 then 1 else 0 end`,
];
const closed = (p: string) => `${p}.status = 'Closed' and ${p}.closed_at is not null`;
const closedValues = (p: string) => [
  `${p}.tenant_id`,
  `coalesce(${p}.close_reason, '')`,
  `${p}.closed_at / ${DAY}`,
  `${p}.severity_rank`,
  `case when ${p}.due_at is null or ${p}.closed_at <= ${p}.due_at then 1 else 0 end`,
];
const grouped = (p: string) => `${open(p)} and ${p}.remediation is not null and ${p}.remediation <> ''`;
const risk = (p: string) =>
  `cast(round(1000 * coalesce(${p}.cvss_score, case ${p}.severity_rank when 4 then 9.5 when 3 then 8 when 2 then 5.5 else 2 end)` +
  ` * (case when ${p}.kev = 1 then 2 else 1 + coalesce(${p}.epss, 0) end)) as bigint)`;
const severityCounts = (p: string) => [1, 2, 3, 4].map((rank) => `case when ${p}.severity_rank = ${rank} then 1 else 0 end`);
const severityColumns = ["sev_1", "sev_2", "sev_3", "sev_4"];

const differ = (sqlite: boolean, a: string, b: string) => (sqlite ? `(${a}) is not (${b})` : `(${a}) is distinct from (${b})`);
const anyDiffer = (sqlite: boolean, pairs: [string, string][]) => pairs.map(([a, b]) => differ(sqlite, a, b)).join(" or ");
const zip = (a: string[], b: string[]): [string, string][] => a.map((x, i) => [x, b[i] as string]);

/** When an update moves a finding in or out of a table, or changes its key or sums. */
function changed(sqlite: boolean) {
  return {
    open: anyDiffer(sqlite, [[open("old"), open("new")], ...zip(openValues("old"), openValues("new"))]),
    closed: anyDiffer(sqlite, [
      [closed("old"), closed("new")],
      ...zip(closedValues("old"), closedValues("new")),
      ["old.first_seen", "new.first_seen"],
    ]),
    fix: anyDiffer(sqlite, [
      [grouped("old"), grouped("new")],
      ["old.tenant_id", "new.tenant_id"],
      ["old.remediation", "new.remediation"],
      ["old.asset_id", "new.asset_id"],
      ["old.severity_rank", "new.severity_rank"],
      ["old.kev", "new.kev"],
      ["old.cvss_score", "new.cvss_score"],
      ["old.epss", "new.epss"],
      ["old.cve_text", "new.cve_text"],
    ]),
  };
}

const where = (columns: string[], values: string[]) => columns.map((c, i) => `${c} = ${values[i]}`).join(" and ");

/** Statements that take one finding (`old`) out of the tables, and put one (`new`) in. */
function statements(sqlite: boolean, p: "old" | "new") {
  const fixMatch = sqlite ? `fix = ${p}.remediation` : `md5(fix) = md5(${p}.remediation)`;
  const fixConflict = sqlite ? "(tenant_id, fix)" : "(tenant_id, md5(fix))";
  const assetConflict = sqlite ? "(tenant_id, fix, asset_id)" : "(tenant_id, md5(fix), asset_id)";
  const t = (table: string) => (sqlite ? "" : `${table}.`);
  if (p === "old") {
    return {
      open: [
        `update vm_open_figures set n = n - 1 where ${where(openKey, openValues(p))}`,
        `delete from vm_open_figures where ${where(openKey, openValues(p))} and n <= 0`,
      ],
      closed: [
        `update vm_closed_figures set n = n - 1, age_ms = age_ms - (${p}.closed_at - ${p}.first_seen) where ${where(closedKey, closedValues(p))}`,
        `delete from vm_closed_figures where ${where(closedKey, closedValues(p))} and n <= 0`,
      ],
      fix: [
        `update vm_fix_groups set findings = findings - 1, ${severityColumns
          .map((c, i) => `${c} = ${c} - ${severityCounts(p)[i]}`)
          .join(
            ", ",
          )}, kev = kev - ${p}.kev, risk_milli = risk_milli - ${risk(p)} where tenant_id = ${p}.tenant_id and ${fixMatch}`,
        `delete from vm_fix_groups where tenant_id = ${p}.tenant_id and ${fixMatch} and findings <= 0`,
        `update vm_fix_assets set n = n - 1 where tenant_id = ${p}.tenant_id and ${fixMatch} and asset_id = ${p}.asset_id`,
        `delete from vm_fix_assets where tenant_id = ${p}.tenant_id and ${fixMatch} and asset_id = ${p}.asset_id and n <= 0`,
      ],
    };
  }
  // SQLite needs a WHERE on INSERT ... SELECT before ON CONFLICT; `where true` reads the same on both.
  return {
    open: [
      `insert into vm_open_figures (${openKey.join(", ")}, n) select ${openValues(p).join(", ")}, 1 where true
        on conflict (${openKey.join(", ")}) do update set n = ${t("vm_open_figures")}n + 1`,
    ],
    closed: [
      `insert into vm_closed_figures (${closedKey.join(", ")}, n, age_ms) select ${closedValues(p).join(", ")}, 1, ${p}.closed_at - ${p}.first_seen where true
        on conflict (${closedKey.join(", ")}) do update set n = ${t("vm_closed_figures")}n + 1, age_ms = ${t("vm_closed_figures")}age_ms + excluded.age_ms`,
    ],
    fix: [
      `insert into vm_fix_groups (tenant_id, fix, findings, ${severityColumns.join(", ")}, kev, risk_milli, cves_first, cves_last)
        select ${p}.tenant_id, ${p}.remediation, 1, ${severityCounts(p).join(", ")}, ${p}.kev, ${risk(p)}, ${p}.cve_text, ${p}.cve_text where true
        on conflict ${fixConflict} do update set findings = ${t("vm_fix_groups")}findings + 1, ${severityColumns
          .map((c) => `${c} = ${t("vm_fix_groups")}${c} + excluded.${c}`)
          .join(
            ", ",
          )}, kev = ${t("vm_fix_groups")}kev + excluded.kev, risk_milli = ${t("vm_fix_groups")}risk_milli + excluded.risk_milli,
          cves_first = coalesce(${t("vm_fix_groups")}cves_first, excluded.cves_first), cves_last = coalesce(excluded.cves_last, ${t("vm_fix_groups")}cves_last)`,
      `insert into vm_fix_assets (tenant_id, fix, asset_id, n) select ${p}.tenant_id, ${p}.remediation, ${p}.asset_id, 1 where true
        on conflict ${assetConflict} do update set n = ${t("vm_fix_assets")}n + 1`,
    ],
  };
}

const parts = ["open", "closed", "fix"] as const;
const condition = (part: (typeof parts)[number], p: string) =>
  part === "open" ? open(p) : part === "closed" ? closed(p) : grouped(p);

async function createTables(db: Kysely<unknown>, sqlite: boolean) {
  const withoutRowid = sqlite ? " without rowid" : "";
  await sql
    .raw(
      `create table vm_open_figures (tenant_id text not null references tenants(id) on delete cascade, severity_rank integer not null,
      seen_day integer not null, due_day integer not null, kev integer not null, high_epss integer not null, n integer not null,
      primary key (${openKey.join(", ")}))${withoutRowid}`,
    )
    .execute(db);
  await sql
    .raw(
      `create table vm_closed_figures (tenant_id text not null references tenants(id) on delete cascade, close_reason text not null,
      closed_day integer not null, severity_rank integer not null, on_time integer not null, n integer not null, age_ms bigint not null,
      primary key (${closedKey.join(", ")}))${withoutRowid}`,
    )
    .execute(db);
  await sql
    .raw(
      `create table vm_fix_groups (tenant_id text not null references tenants(id) on delete cascade, fix text not null,
      findings integer not null, ${severityColumns.map((c) => `${c} integer not null`).join(", ")}, kev integer not null,
      risk_milli bigint not null, cves_first text, cves_last text)`,
    )
    .execute(db);
  await sql
    .raw(
      `create table vm_fix_assets (tenant_id text not null references tenants(id) on delete cascade, fix text not null,
      asset_id text not null, n integer not null)`,
    )
    .execute(db);
  const fix = sqlite ? "fix" : "md5(fix)";
  await sql.raw(`create unique index vm_fix_groups_key on vm_fix_groups (tenant_id, ${fix})`).execute(db);
  await sql.raw(`create unique index vm_fix_assets_key on vm_fix_assets (tenant_id, ${fix}, asset_id)`).execute(db);
}

/** The tables from the findings as they are (the triggers keep them from here on). */
async function fill(db: Kysely<unknown>) {
  await sql
    .raw(
      `insert into vm_open_figures (${openKey.join(", ")}, n) select ${openValues("f").join(", ")}, count(*) from findings f
      where ${open("f")} group by ${openValues("f").join(", ")}`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into vm_closed_figures (${closedKey.join(", ")}, n, age_ms) select ${closedValues("f").join(", ")}, count(*),
      sum(f.closed_at - f.first_seen) from findings f where ${closed("f")} group by ${closedValues("f").join(", ")}`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into vm_fix_groups (tenant_id, fix, findings, ${severityColumns.join(", ")}, kev, risk_milli, cves_first, cves_last)
      select f.tenant_id, f.remediation, count(*), ${severityCounts("f")
        .map((c) => `sum(${c})`)
        .join(", ")}, sum(f.kev), sum(${risk("f")}), min(f.cve_text), max(f.cve_text) from findings f
      where ${grouped("f")} group by f.tenant_id, f.remediation`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into vm_fix_assets (tenant_id, fix, asset_id, n) select f.tenant_id, f.remediation, f.asset_id, count(*) from findings f
      where ${grouped("f")} group by f.tenant_id, f.remediation, f.asset_id`,
    )
    .execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>) {
  const when = changed(true);
  for (const part of parts) {
    const out = statements(true, "old")[part].map((s) => s.replace(/ where /, ` where ${condition(part, "old")} and `));
    const into = statements(true, "new")[part].map((s) => s.replace(/ where true/, ` where ${condition(part, "new")}`));
    await sql
      .raw(
        `create trigger vm_${part}_insert after insert on findings when ${condition(part, "new")} begin ${into.join("; ")}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger vm_${part}_delete after delete on findings when ${condition(part, "old")} begin ${out.join("; ")}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger vm_${part}_update after update on findings when ${when[part]} begin ${[...out, ...into].join("; ")}; end`,
      )
      .execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>) {
  const when = changed(false);
  for (const part of parts) {
    const out = statements(false, "old")[part];
    const into = statements(false, "new")[part];
    await sql
      .raw(
        `create function vm_${part}_change() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' and ${condition(part, "old")} then ${out.join("; ")}; end if;
          if tg_op <> 'DELETE' and ${condition(part, "new")} then ${into.join("; ")}; end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger vm_${part}_insert after insert on findings for each row when (${condition(part, "new")}) execute function vm_${part}_change()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger vm_${part}_delete after delete on findings for each row when (${condition(part, "old")}) execute function vm_${part}_change()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger vm_${part}_update after update on findings for each row when (${when[part]}) execute function vm_${part}_change()`,
      )
      .execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = isSqlite(db);
  await createTables(db, sqlite);
  await fill(db);
  if (sqlite) await sqliteTriggers(db);
  else await postgresTriggers(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = isSqlite(db);
  for (const part of parts) {
    for (const event of ["insert", "delete", "update"])
      await sql.raw(`drop trigger if exists vm_${part}_${event}${sqlite ? "" : " on findings"}`).execute(db);
    if (!sqlite) await sql.raw(`drop function if exists vm_${part}_change()`).execute(db);
  }
  for (const table of ["vm_fix_assets", "vm_fix_groups", "vm_closed_figures", "vm_open_figures"])
    await db.schema.dropTable(table).ifExists().execute();
}
