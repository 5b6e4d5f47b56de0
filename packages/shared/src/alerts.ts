import { z } from "zod";
import { tacticSchema, techniqueIdSchema } from "./attack";
import { complianceFrameworkSchema, incidentStatusSchema, prioritySchema, slaStatusSchema } from "./enums";
import { refuseNul } from "./nul";

export const resolutionTypes = ["Manual", "Automated"] as const;
export const resolutionTypeSchema = z.enum(resolutionTypes);
export const environments = ["Cloud", "On-premise", "Hybrid"] as const;
export const environmentSchema = z.enum(environments);
export const notifySlaSchema = z.enum(["Yes", "No"]);
/** How quickly a detection must be raised: the priority scale. */
export const detectionSlaSchema = prioritySchema;

const text = (max = 500) => z.string().trim().max(max);
const when = z.iso.datetime({ offset: true });

/**
 * A compliance requirement an alert speaks to, as its source tagged it (Wazuh `rule.pci_dss`,
 * `gdpr`, `hipaa`, `nist_800_53`, `tsc`): the framework it rolls up into, and the requirement id.
 */
export const alertComplianceTagSchema = z.object({
  framework: complianceFrameworkSchema,
  requirement: z.string().trim().min(1).max(60),
});
export type AlertComplianceTag = z.infer<typeof alertComplianceTagSchema>;

/**
 * The alert contract's fields without the NUL check, for input already known to hold no U+0000:
 * the ingest worker looks for the one JSON escape that can produce it in the raw text first.
 */
export const alertInputFieldsSchema = z.object({
  source: z.string().trim().min(1).max(60),
  sourceId: z.string().trim().min(1).max(200),
  name: text().min(1),
  rule: text().nullish(),
  type: text(120).nullish(),
  priority: prioritySchema,
  status: incidentStatusSchema.default("Open"),
  assignee: text(120).nullish(),
  occurredAt: when.nullish(),
  detectedAt: when.nullish(),
  acknowledgedAt: when.nullish(),
  assignedAt: when.nullish(),
  respondedAt: when.nullish(),
  resolvedAt: when.nullish(),
  escalatedAt: when.nullish(),
  dueAt: when.nullish(),
  respondDueAt: when.nullish(),
  modifiedAt: when.nullish(),
  clientUpdatedAt: when.nullish(),
  services: z.array(text(120)).max(50).default([]),
  mitreTechniques: z.array(techniqueIdSchema).max(50).default([]),
  tactics: z.array(tacticSchema).max(14).default([]),
  compliance: z.array(alertComplianceTagSchema).max(50).default([]),
  detectionSource: text(120).nullish(),
  sourceTools: z.array(text(120)).max(20).default([]),
  sourceDetectionSource: text(120).nullish(),
  sourceTool: text(120).nullish(),
  resolutionType: resolutionTypeSchema.nullish(),
  avgResponseMin: z.number().min(0).max(1e6).nullish(),
  avgClosureMin: z.number().min(0).max(1e6).nullish(),
  avgUpdateTime: z.number().min(0).max(1e6).nullish(),
  rootCause: text(2000).nullish(),
  ackSlaStatus: slaStatusSchema.nullish(),
  respSlaStatus: slaStatusSchema.nullish(),
  resolvedAutomatically: z.boolean().nullish(),
  ticketId: text(120).nullish(),
  closureNotes: text(5000).nullish(),
  detectionSla: detectionSlaSchema.nullish(),
  notifySla: notifySlaSchema.nullish(),
  clientEnvironment: environmentSchema.nullish(),
  followUp: z.boolean().nullish(),
  requiresFollowUp: z.boolean().nullish(),
  confirmedIncident: z.boolean().nullish(),
  clientPlay: text(500).nullish(),
  customerId: text(120).nullish(),
  customerEnv: text(120).nullish(),
  customerSource: text(120).nullish(),
  deviceType: text(120).nullish(),
  username: text(200).nullish(),
  userId: text(200).nullish(),
  userDepartment: text(120).nullish(),
  userRiskScore: z.number().min(0).max(100).nullish(),
  hostname: text(255).nullish(),
  srcIp: text(64).nullish(),
  dstIp: text(64).nullish(),
  description: text(10000).nullish(),
  raw: z.unknown().optional(),
});
/**
 * One alert in canonical form: every field of the spec's incident/alert entity under one
 * camelCase name with a real type, plus the source, its id and the original payload verbatim.
 * Importers produce this; POST /api/v1/alerts accepts it.
 */
export const alertInputSchema = refuseNul(alertInputFieldsSchema);
export type AlertInput = z.input<typeof alertInputSchema>;
export type Alert = z.output<typeof alertInputSchema>;

/** A value an importer read but could not place in its enumeration; reported, never "fixed". */
export const dataQualityFindingSchema = z.object({
  row: z.number(),
  field: z.string(),
  value: z.string(),
  kind: z.enum(["out_of_enumeration", "duplicate_id", "unknown_key", "unparsed_date", "invalid_value"]),
  message: z.string(),
});
export type DataQualityFinding = z.infer<typeof dataQualityFindingSchema>;

export interface RejectedRow {
  row: number;
  problems: { field: string; reason: string }[];
  raw: string;
}

export const alertImportFormats = [
  "sample-json",
  "sample-csv",
  "wazuh",
  "suricata-eve",
  "ecs",
  "ocsf",
  "thehive",
  "zeek-json",
  "zeek-tsv",
] as const;
export const alertImportFormatSchema = z.enum(alertImportFormats);
export type AlertImportFormat = z.infer<typeof alertImportFormatSchema>;

/** Stores other than alerts that rows of an alert file can belong to (OCSF vulnerability and compliance findings). */
export const importDestinationSchema = z.enum(["vulnerabilities", "compliance"]);
export type ImportDestination = z.infer<typeof importDestinationSchema>;

/** In an alert import report: what another store's import made of the rows routed to it. */
export const routedImportReportSchema = z.object({
  destination: importDestinationSchema,
  /** Rows of the alert file that belong there. */
  rows: z.number(),
  /** That import's own run (listed under GET /imports), or `error`: why it refused the file. */
  importId: z.string().optional(),
  created: z.number().optional(),
  updated: z.number().optional(),
  /** That import's skip reasons (it reads the whole file, so the alert rows are among them). */
  skipped: z.array(z.object({ reason: z.string(), count: z.number() })).optional(),
  rejectedCount: z.number().optional(),
  error: z.string().optional(),
});
export type RoutedImportReport = z.infer<typeof routedImportReportSchema>;
