import { z } from "zod";
import { tacticSchema } from "./attack";
import { prioritySchema, type Priority } from "./enums";
import { refuseNul } from "./nul";

/**
 * Sigma detections (docs/detections.md): rules imported per tenant, compiled to matchers, run
 * against raw Windows events posted to POST /api/v1/events; a match becomes an alert.
 */
export const sigmaLevels = ["informational", "low", "medium", "high", "critical"] as const;
export const sigmaLevelSchema = z.enum(sigmaLevels);
export type SigmaLevel = z.infer<typeof sigmaLevelSchema>;

/** A rule's level as the alert's priority. */
export const sigmaLevelPriority: Record<SigmaLevel, Priority> = {
  informational: "Low",
  low: "Low",
  medium: "Medium",
  high: "High",
  critical: "Critical",
};

export const detectionLimits = {
  /** Largest rule upload (one YAML file or a zip of rules). */
  uploadBytes: 20 * 1024 * 1024,
  /** Files read from one zip, and the largest total they may unpack to. */
  zipEntries: 5000,
  zipUnpackedBytes: 64 * 1024 * 1024,
  /** Largest single rule file. */
  ruleBytes: 256 * 1024,
  rulesPerTenant: 5000,
  /** Largest POST /events body and event file. */
  eventBytes: 64 * 1024 * 1024,
  eventsPerRequest: 50_000,
} as const;

const name = z.string().trim().min(1).max(200);

export const sigmaLogsourceSchema = z.object({
  product: z.string().optional(),
  category: z.string().optional(),
  service: z.string().optional(),
});
export type SigmaLogsource = z.infer<typeof sigmaLogsourceSchema>;

/**
 * One entry of the logsource map: the events a product, category or service stands for.
 * Every list given must hold (values compared without regard to case).
 */
export const logsourceMapEntrySchema = refuseNul(
  z
    .object({
      product: name.optional(),
      category: name.optional(),
      service: name.optional(),
      channels: z.array(name).max(50).optional(),
      providers: z.array(name).max(50).optional(),
      eventIds: z.array(z.number().int().min(0).max(65535)).max(200).optional(),
      fields: z.record(name, z.array(name).min(1).max(50)).optional(),
    })
    .refine((e) => e.product || e.category || e.service, { message: "names no product, category or service" }),
);
export type LogsourceMapEntry = z.infer<typeof logsourceMapEntrySchema>;

export const logsourceMapSchema = z.object({
  tenantId: z.string(),
  /** False while the tenant uses the built-in map. */
  custom: z.boolean(),
  entries: z.array(logsourceMapEntrySchema),
});
export type LogsourceMap = z.infer<typeof logsourceMapSchema>;

/** PUT /detections/logsources: the tenant's own map, or null to go back to the built-in one. */
export const logsourceMapBodySchema = z.object({ entries: z.array(logsourceMapEntrySchema).max(500).nullable() });

export const detectionRuleSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  /** The Sigma rule's own id (alerts are keyed on it and the event). */
  ruleId: z.string(),
  title: z.string(),
  level: sigmaLevelSchema,
  priority: prioritySchema,
  status: z.string().nullable(),
  logsource: sigmaLogsourceSchema,
  techniques: z.array(z.string()),
  tactics: z.array(tacticSchema),
  /** `attack.*` tags the ATT&CK catalogue has no tactic or technique for (kept, not put on alerts). */
  unmappedTags: z.array(z.string()),
  enabled: z.boolean(),
  fileName: z.string().nullable(),
  importedAt: z.iso.datetime(),
  matches: z.number().int(),
});
export type DetectionRule = z.infer<typeof detectionRuleSchema>;

export const detectionRuleListSchema = z.object({ items: z.array(detectionRuleSchema) });
export type DetectionRuleList = z.infer<typeof detectionRuleListSchema>;

export const detectionRuleDetailSchema = detectionRuleSchema.extend({
  description: z.string().nullable(),
  author: z.string().nullable(),
  tags: z.array(z.string()),
  falsePositives: z.array(z.string()),
  /** The rule as imported (YAML). */
  source: z.string(),
});
export type DetectionRuleDetail = z.infer<typeof detectionRuleDetailSchema>;

export const detectionMatchSchema = z.object({
  alertId: z.string(),
  name: z.string(),
  priority: prioritySchema,
  status: z.string(),
  hostname: z.string().nullable(),
  eventId: z.string(),
  createdAt: z.iso.datetime(),
});
export const detectionMatchListSchema = z.object({ items: z.array(detectionMatchSchema) });
export type DetectionMatchList = z.infer<typeof detectionMatchListSchema>;

export const ruleImportQuerySchema = z.object({
  tenantId: z.string().optional(),
  filename: z.string().max(255).optional(),
  /** Enable the imported rules at once (default: they arrive disabled). */
  enable: z.enum(["true", "false"]).optional(),
});

export const ruleRefusalSchema = z.object({
  file: z.string(),
  ruleId: z.string().nullable(),
  title: z.string().nullable(),
  /** Where in the rule (`detection.selection`, `logsource.category`). */
  path: z.string(),
  reason: z.string(),
});
export type RuleRefusal = z.infer<typeof ruleRefusalSchema>;

export const ruleImportReportSchema = z.object({
  tenantId: z.string(),
  files: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  refused: z.array(ruleRefusalSchema),
});
export type RuleImportReport = z.infer<typeof ruleImportReportSchema>;

export const ruleEnabledBodySchema = z.object({ enabled: z.boolean() });
export const rulesEnabledBodySchema = z.object({ enabled: z.boolean(), tenantId: z.string().max(100).optional() });
export const rulesEnabledResultSchema = z.object({ changed: z.number().int() });

export const eventIngestQuerySchema = z.object({ tenantId: z.string().optional(), filename: z.string().max(255).optional() });

export const eventIngestReportSchema = z.object({
  tenantId: z.string(),
  received: z.number().int(),
  /** Events that matched at least one enabled rule. */
  matched: z.number().int(),
  /** Events that matched nothing: counted, not stored. */
  unmatched: z.number().int(),
  rulesEvaluated: z.number().int(),
  alertsCreated: z.number().int(),
  alertsUpdated: z.number().int(),
  /** Events that could not be read, by position (0-based) in the body or file. */
  rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});
export type EventIngestReport = z.infer<typeof eventIngestReportSchema>;

export const detectionStatsSchema = z.object({
  rules: z.number().int(),
  enabled: z.number().int(),
  eventsReceived: z.number().int(),
  eventsMatched: z.number().int(),
  eventsUnmatched: z.number().int(),
});
export type DetectionStats = z.infer<typeof detectionStatsSchema>;
