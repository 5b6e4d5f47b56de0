import type { Insertable, Kysely, Transaction } from "kysely";
import type { AttackTechniquesTable, DB } from "../../db/tables";
import type { DetectionPaths } from "../../importers/stix-detection-paths";

type Db = Kysely<DB> | Transaction<DB>;

/** Replaces the catalogue of the given domains with the rows of a newer bundle. */
export async function replaceDomains(db: Db, domains: string[], rows: AttackTechniquesTable[], detection: DetectionPaths) {
  await db.deleteFrom("attack_techniques").where("domain", "in", domains).execute();
  await db.deleteFrom("attack_detection_paths").where("domain", "in", domains).execute();
  await db.deleteFrom("attack_data_components").where("domain", "in", domains).execute();
  const insert = async <T extends "attack_techniques" | "attack_detection_paths" | "attack_data_components">(
    table: T,
    values: readonly Insertable<DB[T]>[],
  ) => {
    for (let i = 0; i < values.length; i += 200)
      await db
        .insertInto(table)
        .values(values.slice(i, i + 200) as Insertable<DB[T]>[])
        .onConflict((oc) => oc.doNothing())
        .execute();
  };
  await insert("attack_techniques", rows);
  await insert("attack_data_components", detection.components);
  await insert("attack_detection_paths", detection.paths);
}

/** The catalogue's data components, by name. */
export async function dataComponents(db: Db) {
  return db.selectFrom("attack_data_components").select(["component_id", "name"]).orderBy("name").execute();
}

/** Technique, analytic and component of every detection path reading one of these components. */
export async function detectionPathsOf(db: Db, componentIds: readonly string[]) {
  if (componentIds.length === 0) return [];
  const analytics = db
    .selectFrom("attack_detection_paths")
    .select(["technique_id", "analytic_id"])
    .where("component_id", "in", [...componentIds]);
  // Every component of those analytics, so an analytic can be told fully supplied or only partly.
  return db
    .selectFrom("attack_detection_paths as p")
    .innerJoin(analytics.as("a"), (j) =>
      j.onRef("a.technique_id", "=", "p.technique_id").onRef("a.analytic_id", "=", "p.analytic_id"),
    )
    .select(["p.technique_id", "p.analytic_id", "p.component_id"])
    .distinct()
    .execute();
}

/** The catalogue entries for these technique ids (all domains; current entries first). */
export async function findTechniques(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom("attack_techniques")
    .select(["technique_id", "name", "domain", "tactics", "revoked", "deprecated", "url"])
    .where("technique_id", "in", ids)
    .orderBy("revoked")
    .orderBy("deprecated")
    .execute();
}

export async function catalogueSummary(db: Db) {
  return db
    .selectFrom("attack_techniques")
    .select(["domain"])
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      eb.fn.sum<number>("is_subtechnique").as("subtechniques"),
      eb.fn.sum<number>("revoked").as("revoked"),
      eb.fn.sum<number>("deprecated").as("deprecated"),
      eb.fn.max("modified").as("latest"),
    ])
    .groupBy("domain")
    .orderBy("domain")
    .execute();
}

/** Current (not revoked, not deprecated) techniques and sub-techniques of one domain, by id. */
export async function currentTechniques(db: Db, domain: string) {
  return db
    .selectFrom("attack_techniques")
    .select(["technique_id", "name", "tactics", "parent_id"])
    .where("domain", "=", domain)
    .where("revoked", "=", 0)
    .where("deprecated", "=", 0)
    .orderBy("technique_id")
    .execute();
}
