import type { Kysely, Transaction } from "kysely";
import type { AttackTechniquesTable, DB } from "../../db/tables";

type Db = Kysely<DB> | Transaction<DB>;

/** Replaces the catalogue of the given domains with the rows of a newer bundle. */
export async function replaceDomains(db: Db, domains: string[], rows: AttackTechniquesTable[]): Promise<void> {
  await db.deleteFrom("attack_techniques").where("domain", "in", domains).execute();
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto("attack_techniques")
      .values(rows.slice(i, i + 200))
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
