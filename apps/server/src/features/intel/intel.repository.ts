import type { CweEntry, EpssScore, KevEntry } from "@watchfloor/shared";
import { type Kysely, sql, type Transaction } from "kysely";
import type { DB, IntelLoadsTable } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

function* chunks<T>(items: readonly T[], size = 400): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

const kevColumns = [
  "vendor_project",
  "product",
  "vulnerability_name",
  "date_added",
  "short_description",
  "required_action",
  "due_date",
  "known_ransomware",
  "notes",
  "cwes",
] as const;

/** KEV entries by CVE; a newer catalog rewrites an entry (due dates and notes do change). */
export async function upsertKev(db: Db, entries: KevEntry[]): Promise<void> {
  const rows = entries.map((e) => ({
    cve_id: e.cveId,
    vendor_project: e.vendorProject,
    product: e.product,
    vulnerability_name: e.name,
    date_added: e.dateAdded,
    short_description: e.shortDescription,
    required_action: e.requiredAction,
    due_date: e.dueDate,
    known_ransomware: e.knownRansomware ? 1 : 0,
    notes: e.notes ?? null,
    cwes: JSON.stringify(e.cwes),
  }));
  for (const part of chunks(rows, 200)) {
    await db
      .insertInto("kev_catalog")
      .values(part)
      .onConflict((oc) =>
        oc.column("cve_id").doUpdateSet(Object.fromEntries(kevColumns.map((c) => [c, sql.ref(`excluded.${c}`)]))),
      )
      .execute();
  }
}

export async function upsertEpss(db: Db, scores: EpssScore[], scoreDate: string | null): Promise<void> {
  const rows = scores.map((s) => ({ cve_id: s.cveId, epss: s.epss, percentile: s.percentile, score_date: scoreDate }));
  for (const part of chunks(rows, 800)) {
    await db
      .insertInto("epss_scores")
      .values(part)
      .onConflict((oc) =>
        oc
          .column("cve_id")
          .doUpdateSet({ epss: sql`excluded.epss`, percentile: sql`excluded.percentile`, score_date: sql`excluded.score_date` }),
      )
      .execute();
  }
}

export async function upsertCwe(db: Db, entries: CweEntry[]): Promise<void> {
  const rows = entries.map((e) => ({ cwe_id: e.cweId, name: e.name }));
  for (const part of chunks(rows, 800)) {
    await db
      .insertInto("cwe_names")
      .values(part)
      .onConflict((oc) => oc.column("cwe_id").doUpdateSet({ name: sql`excluded.name` }))
      .execute();
  }
}

export async function recordLoad(db: Db, row: IntelLoadsTable): Promise<void> {
  const { source, ...rest } = row;
  await db
    .insertInto("intel_loads")
    .values(row)
    .onConflict((oc) => oc.column("source").doUpdateSet(rest))
    .execute();
}

/**
 * Re-flags every tenant's findings against the KEV catalog: a finding is KEV when any of its CVEs
 * is in it. Only rows whose flag changes are written. Returns the newly flagged, with their tenant.
 */
export async function reflagKev(db: Db): Promise<{ id: string; tenant_id: string }[]> {
  const inKev = db
    .selectFrom("finding_cves as fc")
    .innerJoin("kev_catalog as k", "k.cve_id", "fc.cve_id")
    .select("fc.finding_id");
  const newly = await db
    .selectFrom("findings")
    .select(["id", "tenant_id"])
    .where("kev", "=", 0)
    .where("id", "in", inKev)
    .execute();
  for (let i = 0; i < newly.length; i += 500)
    await db
      .updateTable("findings")
      .set({ kev: 1 })
      .where(
        "id",
        "in",
        newly.slice(i, i + 500).map((f) => f.id),
      )
      .execute();
  await db.updateTable("findings").set({ kev: 0 }).where("kev", "=", 1).where("id", "not in", inKev).execute();
  return newly;
}

/**
 * Re-ranks every tenant's findings by EPSS: the highest score among a finding's CVEs, with that
 * CVE's percentile. Returns how many findings have a score.
 */
export async function rerankEpss(db: Db): Promise<number> {
  const best = (column: "epss" | "percentile") =>
    sql<number>`(select e.${sql.ref(column)} from finding_cves fc join epss_scores e on e.cve_id = fc.cve_id where fc.finding_id = findings.id order by e.epss desc, e.percentile desc limit 1)`;
  const scored = db
    .selectFrom("finding_cves as fc")
    .innerJoin("epss_scores as e", "e.cve_id", "fc.cve_id")
    .select("fc.finding_id");
  const result = await db
    .updateTable("findings")
    .set({ epss: best("epss"), epss_percentile: best("percentile") })
    .where("id", "in", scored)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const intelLoads = (db: Db) => db.selectFrom("intel_loads").selectAll().orderBy("source").execute();

export async function intelCounts(db: Db): Promise<{ kev: number; epss: number; cwe: number }> {
  const count = async (table: "kev_catalog" | "epss_scores" | "cwe_names") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { kev: await count("kev_catalog"), epss: await count("epss_scores"), cwe: await count("cwe_names") };
}
