import { defaultRemediationSlaDays, type FindingSeverity, findingSeverities } from "@watchfloor/shared";
import { type Kysely, sql, type Transaction } from "kysely";
import type { SqliteBulk } from "../../db/sqlite-bulk";
import type { DB, FindingImportsTable, FindingSourcesTable, FindingsTable } from "../../db/tables";
import type { Intel } from "./findings-import.rows";

type Db = Kysely<DB> | Transaction<DB>;
const CHUNK = 400;
/**
 * SQLite multi-row statements come in a few sizes (cached once each): a batch runs as many of
 * the largest as fit, then smaller ones. Fewer statement runs, and few prepared statements kept.
 * 256 rows of about 50 columns stay under SQLite's 32,766 bound parameters.
 */
const SQLITE_SIZES = [256, 64, 16, 4, 1];

function runSized<T>(bulk: SqliteBulk, rows: readonly T[], sqlFor: (count: number) => string, bind: (row: T) => unknown[]): void {
  let at = 0;
  for (const size of SQLITE_SIZES) {
    if (rows.length - at < size) continue;
    const statement = bulk.statement(sqlFor(size));
    while (rows.length - at >= size) {
      const values: unknown[] = [];
      for (const row of rows.slice(at, at + size)) values.push(...bind(row));
      statement.run(values);
      at += size;
    }
  }
}

const tuples = (count: number, width: number) =>
  Array.from({ length: count }, () => `(${Array.from({ length: width }, () => "?").join(", ")})`).join(", ");

function* chunks<T>(items: readonly T[], size = CHUNK): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * Columns an import may rewrite on a finding it sees again. The workflow (status, close reason,
 * closed at, due at, overdue notice) and people's columns (assignee) are not among them: the
 * import's copy of those was read earlier and an analyst may have changed them since. The
 * import changes them only in guarded updates (reopenFindings, moveDueDate, closeAsFixed).
 */
const importOwnedColumns = [
  "title",
  "description",
  "severity",
  "severity_rank",
  "cvss_score",
  "cvss_vector",
  "cvss_version",
  "cve_ids",
  "cve_text",
  "cwe_id",
  "remediation",
  "evidence",
  "port",
  "protocol",
  "service",
  "services",
  "first_seen",
  "last_seen",
  "kev",
  "epss",
  "epss_percentile",
  "updated_at",
  "raw",
  "search_text",
  "asset_key",
  "asset_name",
  "asset_type",
  "department",
  "business_impact",
  "client_environment",
] as const satisfies readonly (keyof FindingsTable)[];

/** A tenant's remediation days per severity: its own where set, the defaults elsewhere. */
export async function remediationSlaDays(db: Db, tenantId: string): Promise<Record<FindingSeverity, number>> {
  const rows = await db
    .selectFrom("remediation_sla_policies")
    .select(["severity", "days"])
    .where("tenant_id", "=", tenantId)
    .execute();
  const days = { ...defaultRemediationSlaDays };
  for (const r of rows)
    if ((findingSeverities as readonly string[]).includes(r.severity)) days[r.severity as FindingSeverity] = r.days;
  return days;
}

export async function saveRemediationSlaDays(db: Db, tenantId: string, severity: FindingSeverity, days: number): Promise<void> {
  await db
    .insertInto("remediation_sla_policies")
    .values({ tenant_id: tenantId, severity, days })
    .onConflict((oc) => oc.columns(["tenant_id", "severity"]).doUpdateSet({ days }))
    .execute();
}

export async function insertFindingImport(trx: Transaction<DB>, row: FindingImportsTable): Promise<void> {
  await trx.insertInto("finding_imports").values(row).execute();
}

export async function finishFindingImport(
  trx: Transaction<DB>,
  importId: string,
  scannedAt: number,
  assetIds: string[],
  report: unknown,
): Promise<void> {
  await trx
    .updateTable("finding_imports")
    .set({ scanned_at: scannedAt, asset_ids: JSON.stringify(assetIds) })
    .where("id", "=", importId)
    .execute();
  await trx
    .updateTable("import_runs")
    .set({ report: JSON.stringify(report) })
    .where("id", "=", importId)
    .execute();
}

/**
 * Stored findings among these assets and keys (a superset query, narrowed by the caller), and
 * whether this import already saw each (an earlier batch of the same file).
 */
export async function existingFindings(db: Db, tenantId: string, importId: string, assetIds: string[], dedupeKeys: string[]) {
  const out: (FindingsTable & { seen_in_import: number })[] = [];
  const assets = [...new Set(assetIds)];
  const keys = [...new Set(dedupeKeys)];
  for (const a of chunks(assets, 200)) {
    for (const k of chunks(keys, 400)) {
      const rows = await db
        .selectFrom("findings")
        .selectAll("findings")
        .select(
          sql<number>`case when exists (select 1 from finding_sources s where s.finding_id = findings.id and s.last_import_id = ${importId}) then 1 else 0 end`.as(
            "seen_in_import",
          ),
        )
        .where("tenant_id", "=", tenantId)
        .where("asset_id", "in", a)
        .where("dedupe_key", "in", k)
        .execute();
      out.push(...rows);
    }
  }
  return out;
}

/**
 * Inserts new findings and rewrites the import-owned columns of ones seen again. SQLite runs
 * cached prepared multi-row statements inside Kysely's open transaction (preparing each insert
 * anew costs more than running it); PostgreSQL takes Kysely's multi-row inserts.
 */
export async function upsertFindings(db: Db, rows: FindingsTable[], bulk?: SqliteBulk): Promise<void> {
  const first = rows[0];
  if (!first) return;
  if (bulk) {
    const columns = Object.keys(first) as (keyof FindingsTable)[];
    const update = importOwnedColumns.map((c) => `${c} = excluded.${c}`).join(", ");
    runSized(
      bulk,
      rows,
      (n) =>
        `insert into findings (${columns.join(", ")}) values ${tuples(n, columns.length)} on conflict (tenant_id, asset_id, dedupe_key) do update set ${update}`,
      (row) => columns.map((c) => row[c]),
    );
    return;
  }
  // About 50 columns a row: 150 rows stay under PostgreSQL's bound-parameter limit.
  for (const part of chunks(rows, 150)) {
    await db
      .insertInto("findings")
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(["tenant_id", "asset_id", "dedupe_key"])
          .doUpdateSet((eb) => Object.fromEntries(importOwnedColumns.map((c) => [c, eb.ref(`excluded.${c}`)]))),
      )
      .execute();
  }
}

/** Each scanner's sighting; last seen only moves forward. */
export async function upsertSources(db: Db, rows: FindingSourcesTable[], bulk?: SqliteBulk): Promise<void> {
  if (bulk) {
    runSized(
      bulk,
      rows,
      (
        n,
      ) => `insert into finding_sources (finding_id, tenant_id, scanner, scanner_finding_id, first_seen, last_seen, last_import_id) values ${tuples(n, 7)}
        on conflict (finding_id, scanner, scanner_finding_id) do update set last_seen = max(excluded.last_seen, finding_sources.last_seen), last_import_id = excluded.last_import_id`,
      (r) => [r.finding_id, r.tenant_id, r.scanner, r.scanner_finding_id, r.first_seen, r.last_seen, r.last_import_id],
    );
    return;
  }
  for (const part of chunks(rows, 500)) {
    await db
      .insertInto("finding_sources")
      .values(part)
      .onConflict((oc) =>
        oc.columns(["finding_id", "scanner", "scanner_finding_id"]).doUpdateSet({
          last_seen: sql`greatest(excluded.last_seen, finding_sources.last_seen)`,
          last_import_id: sql`excluded.last_import_id`,
        }),
      )
      .execute();
  }
}

/** Sets the CVE links of these findings (existing ones' links are replaced). */
export async function writeCveLinks(
  db: Db,
  tenantId: string,
  links: { findingId: string; cves: string[] }[],
  replace: string[],
  bulk?: SqliteBulk,
): Promise<void> {
  for (const ids of chunks(replace)) await db.deleteFrom("finding_cves").where("finding_id", "in", ids).execute();
  const rows = links.flatMap((l) => l.cves.map((cve_id) => ({ cve_id, finding_id: l.findingId, tenant_id: tenantId })));
  if (bulk) {
    runSized(
      bulk,
      rows,
      (n) => `insert or ignore into finding_cves (cve_id, finding_id, tenant_id) values ${tuples(n, 3)}`,
      (r) => [r.cve_id, r.finding_id, r.tenant_id],
    );
    return;
  }
  for (const part of chunks(rows, 500)) {
    await db
      .insertInto("finding_cves")
      .values(part)
      .onConflict((oc) => oc.columns(["cve_id", "finding_id"]).doNothing())
      .execute();
  }
}

/** KEV membership and EPSS for a set of CVEs, looked up once per batch. */
export async function intelForCves(db: Db, cves: string[]): Promise<Map<string, Intel>> {
  const out = new Map<string, Intel>();
  const unique = [...new Set(cves)];
  for (const part of chunks(unique, 500)) {
    for (const r of await db.selectFrom("kev_catalog").select("cve_id").where("cve_id", "in", part).execute()) {
      out.set(r.cve_id, { kev: true, epss: null, epssPercentile: null });
    }
    for (const r of await db
      .selectFrom("epss_scores")
      .select(["cve_id", "epss", "percentile"])
      .where("cve_id", "in", part)
      .execute()) {
      out.set(r.cve_id, { kev: out.get(r.cve_id)?.kev ?? false, epss: r.epss, epssPercentile: r.percentile });
    }
  }
  return out;
}

/**
 * Open findings on these assets that this scanner reported before but not in this import, and
 * that nothing has seen since the scan: a newer full scan says they are gone.
 */
export async function findingsAbsentFromScan(
  db: Db,
  tenantId: string,
  assetIds: string[],
  scanner: string,
  importId: string,
  scannedAt: number,
) {
  const out: { id: string; status: string }[] = [];
  for (const part of chunks(assetIds)) {
    const rows = await db
      .selectFrom("findings as f")
      .select(["f.id", "f.status"])
      .where("f.tenant_id", "=", tenantId)
      .where("f.asset_id", "in", part)
      .where("f.status", "!=", "Closed")
      .where("f.last_seen", "<", scannedAt)
      .where(({ exists, not, selectFrom }) =>
        exists(
          selectFrom("finding_sources as s")
            .select("s.finding_id")
            .whereRef("s.finding_id", "=", "f.id")
            .where("s.scanner", "=", scanner),
        ).and(
          not(
            exists(
              selectFrom("finding_sources as s2")
                .select("s2.finding_id")
                .whereRef("s2.finding_id", "=", "f.id")
                .where("s2.scanner", "=", scanner)
                .where("s2.last_import_id", "=", importId),
            ),
          ),
        ),
      )
      .execute();
    out.push(...rows);
  }
  return out;
}

/**
 * Closes as Fixed the findings that still have the status they were read with; returns those
 * closed (one an analyst moved meanwhile keeps the analyst's decision).
 */
export async function closeAsFixed(
  db: Db,
  tenantId: string,
  gone: { id: string; status: string }[],
  closedAt: number,
  now: number,
): Promise<{ id: string; status: string }[]> {
  const closed: { id: string; status: string }[] = [];
  for (const status of new Set(gone.map((g) => g.status))) {
    for (const part of chunks(gone.filter((g) => g.status === status).map((g) => g.id))) {
      const rows = await db
        .updateTable("findings")
        .set({ status: "Closed", close_reason: "Fixed", closed_at: closedAt, updated_at: now })
        .where("tenant_id", "=", tenantId)
        .where("id", "in", part)
        .where("status", "=", status)
        .returning("id")
        .execute();
      closed.push(...rows.map((r) => ({ id: r.id, status })));
    }
  }
  return closed;
}

/**
 * Reopens findings the import saw again after they were closed, each only if it is still closed
 * with the reason that made it reopen (an analyst's decision since then stands). Returns the ids reopened.
 */
export async function reopenFindings(
  db: Db,
  tenantId: string,
  rows: { id: string; closeReason: string | null; dueAt: number | null }[],
  now: number,
): Promise<Set<string>> {
  const reopened = new Set<string>();
  for (const r of rows) {
    const result = await db
      .updateTable("findings")
      .set({ status: "Open", close_reason: null, closed_at: null, due_at: r.dueAt, overdue_notified_at: null, updated_at: now })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", r.id)
      .where("status", "=", "Closed")
      .where((eb) => (r.closeReason === null ? eb("close_reason", "is", null) : eb("close_reason", "=", r.closeReason)))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) reopened.add(r.id);
  }
  return reopened;
}

/** Moves a due date the import recomputed (new severity, earlier first sighting) unless someone moved it meanwhile. */
export async function moveDueDate(db: Db, tenantId: string, id: string, from: number | null, to: number | null): Promise<void> {
  await db
    .updateTable("findings")
    .set({ due_at: to })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .where((eb) => (from === null ? eb("due_at", "is", null) : eb("due_at", "=", from)))
    .execute();
}

/** A tenant's findings in id order (for the demo data's triage states). */
export const tenantFindingIds = (db: Db, tenantId: string) =>
  db.selectFrom("findings").select(["id", "severity"]).where("tenant_id", "=", tenantId).orderBy("id").execute();

export async function setTriageState(
  db: Db,
  tenantId: string,
  ids: string[],
  state: {
    status: string;
    closeReason: string | null;
    assignee: string | null;
    assigneeUserId?: string | null;
    closedAt: number | null;
    now: number;
  },
): Promise<void> {
  // The user behind the name, when the caller resolved one (demo data sets names only).
  const user = state.assigneeUserId !== undefined ? { assignee_user_id: state.assigneeUserId } : {};
  for (const part of chunks(ids)) {
    await db
      .updateTable("findings")
      .set({
        status: state.status,
        close_reason: state.closeReason,
        assignee: state.assignee,
        ...user,
        closed_at: state.closedAt,
        updated_at: state.now,
      })
      .where("tenant_id", "=", tenantId)
      .where("id", "in", part)
      .execute();
  }
}
