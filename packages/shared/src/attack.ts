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

/** A technique id named by an alert or finding, with its name when the ATT&CK catalogue has it. */
export const techniqueInfoSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  /** "unknown": named by an alert, absent from the catalogue. */
  status: z.enum(["current", "revoked", "deprecated", "unknown"]),
  tactics: z.array(z.string()),
  url: z.string().nullable(),
});
export type TechniqueInfo = z.infer<typeof techniqueInfoSchema>;

/** `GET /attack/techniques?ids=`. */
export const techniqueInfoListSchema = z.object({ items: z.array(techniqueInfoSchema) });

/** `GET /attack/catalogue`: what each imported ATT&CK domain holds. */
export const catalogueSummarySchema = z.object({
  domains: z.array(
    z.object({
      domain: z.string(),
      total: z.number(),
      subtechniques: z.number(),
      revoked: z.number(),
      deprecated: z.number(),
      latestModified: z.string().nullable(),
    }),
  ),
});
export type CatalogueSummary = z.infer<typeof catalogueSummarySchema>;

/** `POST /attack/import`: what a STIX bundle loaded. */
export const catalogueImportSchema = z.object({
  specVersion: z.string(),
  domains: z.array(z.string()),
  techniques: z.number(),
  subtechniques: z.number(),
  revoked: z.number(),
  deprecated: z.number(),
});
export type CatalogueImport = z.infer<typeof catalogueImportSchema>;

/** An incident holding alerts of a technique. */
export const incidentRefSchema = z.object({ id: z.string(), reference: z.string() });
export type IncidentRef = z.infer<typeof incidentRefSchema>;

/** `GET /attack/coverage`: alerts per technique (most first) and per tactic over the window. */
export const attackCoverageSchema = z.object({
  from: z.string(),
  to: z.string(),
  techniques: z.array(z.object({ id: z.string(), alerts: z.number(), incidents: z.array(incidentRefSchema) })),
  tactics: z.array(z.object({ tactic: z.string(), alerts: z.number() })),
});
export type AttackCoverage = z.infer<typeof attackCoverageSchema>;

/** One technique seen in the window, under one tactic of the matrix. */
export const matrixItemSchema = z.object({
  techniqueId: z.string(),
  name: z.string().nullable(),
  /** Latest detection of the technique in the window. */
  date: z.string(),
  /** "D-3": whole days between that detection and now. */
  label: z.string(),
  alerts: z.number(),
  highlight: z.boolean(),
  incidents: z.array(incidentRefSchema),
});
export type MatrixItem = z.infer<typeof matrixItemSchema>;

/** `GET /attack/matrix`: the 14 tactics in kill-chain order with the techniques seen, newest first. */
export const attackMatrixSchema = z.object({
  from: z.string(),
  to: z.string(),
  tactics: z.array(z.object({ id: z.string(), title: z.string(), items: z.array(matrixItemSchema) })),
});
export type AttackMatrix = z.infer<typeof attackMatrixSchema>;
export type MatrixTactic = AttackMatrix["tactics"][number];

/** `GET /attack/layer`: an ATT&CK Navigator layer (format 4.5) of the coverage, for download. */
export const navigatorLayerSchema = z.object({
  name: z.string(),
  versions: z.object({ attack: z.string(), navigator: z.string(), layer: z.string() }),
  domain: z.string(),
  description: z.string(),
  sorting: z.number(),
  layout: z.object({ layout: z.string(), showName: z.boolean(), showID: z.boolean() }),
  hideDisabled: z.boolean(),
  techniques: z.array(
    z.object({
      techniqueID: z.string(),
      score: z.number(),
      comment: z.string(),
      enabled: z.boolean(),
      showSubtechniques: z.boolean(),
    }),
  ),
  gradient: z.object({ colors: z.array(z.string()), minValue: z.number(), maxValue: z.number() }),
  legendItems: z.array(z.object({ label: z.string(), color: z.string() })),
  metadata: z.array(z.object({ name: z.string(), value: z.string() })),
  showTacticRowBackground: z.boolean(),
  selectTechniquesAcrossTactics: z.boolean(),
  selectSubtechniquesWithParent: z.boolean(),
});
export type NavigatorLayer = z.infer<typeof navigatorLayerSchema>;

/** A technique entry of a layer read back for the matrix overlay. */
export const layerTechniqueSchema = z.object({
  techniqueID: z.string(),
  tactic: z.string().nullable(),
  score: z.number().nullable(),
  color: z.string().nullable(),
  comment: z.string().nullable(),
  enabled: z.boolean(),
});
export type LayerTechnique = z.infer<typeof layerTechniqueSchema>;

/** `POST /attack/layers/parse`: a Navigator layer (4.x, 3.0 or 2.x) read; nothing is stored. */
export const parsedLayerSchema = z.object({
  name: z.string(),
  description: z.string(),
  domain: z.string(),
  formatVersion: z.string(),
  techniques: z.array(layerTechniqueSchema),
  warnings: z.array(z.string()),
});
export type ParsedLayer = z.infer<typeof parsedLayerSchema>;
