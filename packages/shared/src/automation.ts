import { z } from "zod";
import { incidentStatusSchema, prioritySchema } from "./enums";

/**
 * Automation rules: a trigger, a condition tree over the subject's canonical fields, and the
 * actions to take, run in order per tenant (docs/automation.md). Conditions are data, never code:
 * the server compiles them (regular expressions with a linear-time engine).
 */

export const automationTriggers = [
  "alert.created",
  "alert.changed",
  "alert.sla_at_risk",
  "alert.sla_breached",
  "incident.created",
  "incident.changed",
  "finding.created",
  "finding.known_exploited",
  "compliance.newly_failing",
  "schedule",
] as const;
export const automationTriggerSchema = z.enum(automationTriggers);
export type AutomationTrigger = z.infer<typeof automationTriggerSchema>;

/** What a trigger's subject is: the fields a condition may read and the actions that apply. */
export type AutomationSubject = "alert" | "incident" | "finding" | "compliance";
export const triggerSubject: Record<AutomationTrigger, AutomationSubject> = {
  "alert.created": "alert",
  "alert.changed": "alert",
  "alert.sla_at_risk": "alert",
  "alert.sla_breached": "alert",
  "incident.created": "incident",
  "incident.changed": "incident",
  "finding.created": "finding",
  "finding.known_exploited": "finding",
  "compliance.newly_failing": "compliance",
  // A scheduled rule looks at open alerts matching its condition (e.g. unassigned for an hour).
  schedule: "alert",
};

export type FieldKind = "text" | "enum" | "list" | "ip" | "number" | "date";
export interface FieldSpec {
  kind: FieldKind;
  label: string;
}

export const alertFields = {
  name: { kind: "text", label: "Name" },
  description: { kind: "text", label: "Description" },
  priority: { kind: "enum", label: "Priority" },
  status: { kind: "enum", label: "Status" },
  source: { kind: "text", label: "Source" },
  sourceTool: { kind: "text", label: "Source tool" },
  rule: { kind: "text", label: "Detection rule" },
  type: { kind: "text", label: "Type" },
  hostname: { kind: "text", label: "Host name" },
  username: { kind: "text", label: "User name" },
  srcIp: { kind: "ip", label: "Source IP" },
  dstIp: { kind: "ip", label: "Destination IP" },
  assignee: { kind: "text", label: "Assignee" },
  tenant: { kind: "text", label: "Tenant (id)" },
  tactics: { kind: "list", label: "ATT&CK tactics" },
  techniques: { kind: "list", label: "ATT&CK techniques" },
  tags: { kind: "list", label: "Tags" },
  priorityRank: { kind: "number", label: "Priority rank (1 Low to 4 Critical)" },
  detectedAt: { kind: "date", label: "Detected at" },
  ageMinutes: { kind: "number", label: "Minutes since detection" },
  changed: { kind: "list", label: "Changed fields (status, priority, assignee)" },
} as const satisfies Record<string, FieldSpec>;

export const incidentFields = {
  title: { kind: "text", label: "Title" },
  description: { kind: "text", label: "Description" },
  priority: { kind: "enum", label: "Priority" },
  status: { kind: "enum", label: "Status" },
  tenant: { kind: "text", label: "Tenant (id)" },
  priorityRank: { kind: "number", label: "Priority rank (1 Low to 4 Critical)" },
  createdAt: { kind: "date", label: "Created at" },
  changed: { kind: "list", label: "Changed fields (status, priority, owner)" },
} as const satisfies Record<string, FieldSpec>;

export const findingFields = {
  title: { kind: "text", label: "Title" },
  severity: { kind: "enum", label: "Severity" },
  status: { kind: "enum", label: "Status" },
  cves: { kind: "list", label: "CVEs" },
  knownExploited: { kind: "enum", label: "Known exploited (yes / no)" },
  epss: { kind: "number", label: "EPSS probability (0 to 1)" },
  cvss: { kind: "number", label: "CVSS score" },
  assetName: { kind: "text", label: "Asset name" },
  assetType: { kind: "text", label: "Asset type" },
  port: { kind: "number", label: "Port" },
  service: { kind: "text", label: "Service" },
  scanners: { kind: "list", label: "Scanners" },
  tenant: { kind: "text", label: "Tenant (id)" },
  severityRank: { kind: "number", label: "Severity rank (1 Low to 4 Critical)" },
} as const satisfies Record<string, FieldSpec>;

/** A failing result of a compliance scan: one control on one target (and resource). */
export const complianceFields = {
  title: { kind: "text", label: "Control title" },
  controlId: { kind: "text", label: "Control id" },
  tool: { kind: "text", label: "Tool" },
  severity: { kind: "enum", label: "Severity" },
  targetKind: { kind: "enum", label: "Target kind (host, cloud-account, cluster)" },
  target: { kind: "text", label: "Target" },
  resource: { kind: "text", label: "Resource" },
  service: { kind: "text", label: "Cloud service" },
  region: { kind: "text", label: "Region" },
  tenant: { kind: "text", label: "Tenant (id)" },
} as const satisfies Record<string, FieldSpec>;

export const subjectFields: Record<AutomationSubject, Record<string, FieldSpec>> = {
  alert: alertFields,
  incident: incidentFields,
  finding: findingFields,
  compliance: complianceFields,
};

export const conditionOps = [
  "equals",
  "notEquals",
  "in",
  "contains",
  "startsWith",
  "endsWith",
  "matches",
  "cidr",
  "gt",
  "gte",
  "lt",
  "lte",
  "exists",
] as const;
export const conditionOpSchema = z.enum(conditionOps);
export type ConditionOp = z.infer<typeof conditionOpSchema>;

/** The operators each kind of field takes (the server refuses others with the position). */
export const opsForKind: Record<FieldKind, readonly ConditionOp[]> = {
  text: ["equals", "notEquals", "in", "contains", "startsWith", "endsWith", "matches", "exists"],
  enum: ["equals", "notEquals", "in", "exists"],
  list: ["contains", "in", "startsWith", "matches", "exists"],
  ip: ["equals", "notEquals", "in", "cidr", "exists"],
  number: ["equals", "notEquals", "gt", "gte", "lt", "lte", "in", "exists"],
  date: ["gt", "gte", "lt", "lte", "exists"],
};

const leafValue = z.union([
  z.string().max(1000),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string().max(1000), z.number()])).max(200),
]);

export interface ConditionLeaf {
  field: string;
  op: ConditionOp;
  value?: string | number | boolean | (string | number)[];
  /** Text comparisons ignore case unless this is true. */
  caseSensitive?: boolean;
}
export type Condition = ConditionLeaf | { all: Condition[] } | { any: Condition[] } | { not: Condition };

export const conditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.strictObject({ all: z.array(conditionSchema).max(50) }),
    z.strictObject({ any: z.array(conditionSchema).max(50) }),
    z.strictObject({ not: conditionSchema }),
    z.strictObject({
      field: z.string().min(1).max(60),
      op: conditionOpSchema,
      value: leafValue.optional(),
      caseSensitive: z.boolean().optional(),
    }),
  ]),
);

const ids = z.array(z.string().min(1).max(64)).min(1).max(50);
export const closeReasons = ["duplicate", "benign", "false_positive"] as const;

export const automationActionSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("assign"), userId: z.string().min(1).max(64) }),
  /** Round-robin among these people, in order, skipping nobody. */
  z.strictObject({ type: z.literal("assignRoundRobin"), userIds: ids }),
  z.strictObject({ type: z.literal("setPriority"), priority: prioritySchema }),
  z.strictObject({
    type: z.literal("setStatus"),
    status: incidentStatusSchema,
    comment: z.string().max(2000).optional(),
  }),
  z.strictObject({ type: z.literal("addTags"), tags: z.array(z.string().min(1).max(60)).min(1).max(20) }),
  /** Open an incident for the alert. */
  z.strictObject({ type: z.literal("escalate") }),
  /**
   * Alert grouping: attach to the open incident this rule made for the same key (the values of
   * `groupBy`) within the window, or open one.
   */
  z.strictObject({
    type: z.literal("group"),
    groupBy: z
      .array(z.enum(["name", "rule", "hostname", "username", "srcIp", "dstIp", "source"]))
      .min(1)
      .max(4),
    windowMinutes: z.number().int().min(1).max(10_080),
  }),
  z.strictObject({
    type: z.literal("close"),
    reason: z.enum(closeReasons),
    note: z.string().min(3).max(2000),
  }),
  z.strictObject({
    type: z.literal("notify"),
    userIds: ids,
    message: z.string().max(500).optional(),
  }),
  z.strictObject({ type: z.literal("webhook"), webhookId: z.string().min(1).max(64) }),
]);
export type AutomationAction = z.infer<typeof automationActionSchema>;
export type AutomationActionType = AutomationAction["type"];

/** The actions each kind of subject takes. */
export const subjectActions: Record<AutomationSubject, readonly AutomationActionType[]> = {
  alert: ["assign", "assignRoundRobin", "setPriority", "setStatus", "addTags", "escalate", "group", "close", "notify", "webhook"],
  incident: ["setPriority", "notify", "webhook"],
  finding: ["assign", "assignRoundRobin", "notify", "webhook"],
  compliance: ["notify", "webhook"],
};

export const automationRuleBodySchema = z.strictObject({
  /** One tenant, or several for a provider-wide rule (the caller must manage automation in each). */
  tenantIds: z.array(z.string().min(1).max(64)).min(1).max(100),
  name: z.string().trim().min(3).max(120),
  description: z.string().max(2000).default(""),
  enabled: z.boolean().default(false),
  stopAfter: z.boolean().default(false),
  trigger: automationTriggerSchema,
  /** For the schedule trigger: minutes between runs. */
  everyMinutes: z.number().int().min(5).max(10_080).nullable().default(null),
  condition: conditionSchema,
  actions: z.array(automationActionSchema).min(1).max(10),
});
export type AutomationRuleBody = z.infer<typeof automationRuleBodySchema>;

export const automationRuleSchema = z.object({
  id: z.string(),
  tenantIds: z.array(z.string()),
  name: z.string(),
  description: z.string(),
  position: z.number(),
  enabled: z.boolean(),
  stopAfter: z.boolean(),
  trigger: automationTriggerSchema,
  everyMinutes: z.number().nullable(),
  condition: conditionSchema,
  actions: z.array(automationActionSchema),
  /** Actions left out because they name a webhook of a tenant the reader does not see. */
  hiddenActions: z.number(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  matches: z.number(),
  failures: z.number(),
  lastMatchAt: z.string().nullable(),
});
export type AutomationRule = z.infer<typeof automationRuleSchema>;
export const automationRuleListSchema = z.object({ items: z.array(automationRuleSchema) });
export type AutomationRuleList = z.infer<typeof automationRuleListSchema>;

export const automationOrderBodySchema = z.strictObject({ ruleIds: z.array(z.string().min(1).max(64)).min(1).max(1000) });

export const automationRunSchema = z.object({
  id: z.string(),
  ruleId: z.string(),
  tenantId: z.string(),
  trigger: automationTriggerSchema,
  subjectId: z.string(),
  subjectName: z.string(),
  at: z.string(),
  outcome: z.enum(["done", "partial", "failed"]),
  actions: z.array(z.object({ type: z.string(), ok: z.boolean(), detail: z.string() })),
});
export type AutomationRun = z.infer<typeof automationRunSchema>;
export const automationRunListSchema = z.object({ items: z.array(automationRunSchema), nextCursor: z.string().nullable() });
export type AutomationRunList = z.infer<typeof automationRunListSchema>;

/** "What would this rule have matched in the last 7 days", before it is enabled. */
export const dryRunResultSchema = z.object({
  examined: z.number(),
  matched: z.number(),
  /** True when more subjects existed than a dry run reads; `examined` says how many were read. */
  capped: z.boolean(),
  examples: z.array(z.object({ id: z.string(), tenantId: z.string(), name: z.string(), at: z.string() })),
});
export type DryRunResult = z.infer<typeof dryRunResultSchema>;

export const conditionProblemSchema = z.object({ path: z.string(), message: z.string() });
