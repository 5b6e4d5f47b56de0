import { z } from "zod";

/** The 14 ATT&CK Enterprise tactics in kill-chain order, with their ids and STIX short names ("credential-access"). */
export const tactics = [
  { id: "TA0043", name: "Reconnaissance", shortName: "reconnaissance" },
  { id: "TA0042", name: "Resource Development", shortName: "resource-development" },
  { id: "TA0001", name: "Initial Access", shortName: "initial-access" },
  { id: "TA0002", name: "Execution", shortName: "execution" },
  { id: "TA0003", name: "Persistence", shortName: "persistence" },
  { id: "TA0004", name: "Privilege Escalation", shortName: "privilege-escalation" },
  { id: "TA0005", name: "Defense Evasion", shortName: "defense-evasion" },
  { id: "TA0006", name: "Credential Access", shortName: "credential-access" },
  { id: "TA0007", name: "Discovery", shortName: "discovery" },
  { id: "TA0008", name: "Lateral Movement", shortName: "lateral-movement" },
  { id: "TA0009", name: "Collection", shortName: "collection" },
  { id: "TA0011", name: "Command and Control", shortName: "command-and-control" },
  { id: "TA0010", name: "Exfiltration", shortName: "exfiltration" },
  { id: "TA0040", name: "Impact", shortName: "impact" },
] as const;

export type Tactic = (typeof tactics)[number]["name"];
export const tacticSchema = z.enum(tactics.map((t) => t.name) as [Tactic, ...Tactic[]]);

/** T1110 or T1110.001 (sub-technique). */
export const techniqueIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^T\d{4}(\.\d{3})?$/, "is not an ATT&CK technique id like T1110 or T1110.001");

/** Maps "credential-access", "Credential Access", "TA0006" and "attack.credential_access" to the tactic name. */
export function normaliseTactic(value: string): Tactic | null {
  const v = value
    .trim()
    .toLowerCase()
    .replace(/^attack\./, "")
    .replace(/[_-]+/g, " ");
  for (const t of tactics) {
    if (t.id.toLowerCase() === v || t.name.toLowerCase() === v) return t.name as Tactic;
  }
  // "Command And Control" and "command & control"
  if (v === "command & control") return "Command and Control";
  return null;
}

/** Tactic short name ("credential-access", as STIX and Navigator layers write it) for a tactic name. */
export function tacticShortName(name: string): string | null {
  return tactics.find((t) => t.name === name)?.shortName ?? null;
}

/**
 * One current (not revoked, not deprecated) Enterprise technique or sub-technique of the imported
 * catalogue, kept small: the full list is about 700 entries.
 */
export const catalogueTechniqueSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Tactic short names ("credential-access"); a technique can sit under several. */
  tactics: z.array(z.string()),
  /** The parent technique of a sub-technique (T1110 for T1110.003), null for a technique. */
  parent: z.string().nullable(),
});
export type CatalogueTechnique = z.infer<typeof catalogueTechniqueSchema>;

/** `GET /attack/catalogue/techniques`: empty when no Enterprise catalogue has been imported. */
export const catalogueTechniquesSchema = z.object({
  domain: z.literal("enterprise-attack"),
  techniques: z.array(catalogueTechniqueSchema),
});
export type CatalogueTechniques = z.infer<typeof catalogueTechniquesSchema>;
