import { type CatalogueImport, type CatalogueTechniques, tacticShortName, type TechniqueInfo } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { invalid } from "../../http/errors";
import { parseAttackBundle } from "../../importers/stix-attack";
import { ImportFileError } from "../../importers/types";
import * as repo from "./attack.repository";

/** Loads a STIX bundle into the catalogue, replacing the domains it covers, in one transaction. */
export async function importAttackBundle(ctx: AppContext, text: string): Promise<CatalogueImport> {
  let catalogue: ReturnType<typeof parseAttackBundle>;
  try {
    catalogue = parseAttackBundle(text);
  } catch (error) {
    if (error instanceof ImportFileError) throw invalid("file", error.message);
    throw error;
  }
  await ctx.db
    .transaction()
    .execute((trx) => repo.replaceDomains(trx, catalogue.domains, catalogue.techniques, catalogue.detection));
  const t = catalogue.techniques;
  return {
    specVersion: catalogue.specVersion,
    domains: catalogue.domains,
    techniques: t.filter((r) => !r.is_subtechnique).length,
    subtechniques: t.filter((r) => r.is_subtechnique).length,
    revoked: t.filter((r) => r.revoked).length,
    deprecated: t.filter((r) => r.deprecated).length,
  };
}

/** Names for technique ids; ids the catalogue lacks are kept and shown by id. */
export async function describeTechniques(ctx: AppContext, ids: string[]): Promise<TechniqueInfo[]> {
  const rows = await repo.findTechniques(ctx.db, [...new Set(ids)]);
  return ids.map((id) => {
    const row = rows.find((r) => r.technique_id === id);
    if (!row) return { id, name: null, status: "unknown", tactics: [], url: null };
    return {
      id,
      name: row.name,
      status: row.revoked ? "revoked" : row.deprecated ? "deprecated" : "current",
      tactics: JSON.parse(row.tactics) as string[],
      url: row.url,
    };
  });
}

/**
 * Every current Enterprise technique and sub-technique, for the full coverage matrix: id, name,
 * tactic short names and parent only (catalogue data is global, not per tenant). Tactics outside
 * the 14 Enterprise ones are dropped; an id listed twice (a re-used id) is sent once.
 */
export async function enterpriseTechniques(ctx: AppContext): Promise<CatalogueTechniques> {
  const rows = await repo.currentTechniques(ctx.db, "enterprise-attack");
  const seen = new Set<string>();
  const techniques: CatalogueTechniques["techniques"] = [];
  for (const row of rows) {
    if (seen.has(row.technique_id)) continue;
    seen.add(row.technique_id);
    const shortNames = (JSON.parse(row.tactics) as string[]).map(tacticShortName).filter((t): t is string => t !== null);
    techniques.push({ id: row.technique_id, name: row.name, tactics: shortNames, parent: row.parent_id });
  }
  return { domain: "enterprise-attack", techniques };
}
