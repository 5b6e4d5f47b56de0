import { z } from "zod";
import { queryList as list } from "./query-list";
import { environmentSchema, resolutionTypeSchema } from "./alerts";
import { tacticSchema, techniqueIdSchema, techniqueInfoSchema } from "./attack";
import { freeFormRecord, freeFormValue } from "./responses";
import { incidentStatusSchema, prioritySchema } from "./enums";
import { slaStateSchema } from "./workflow";

/**
 * Every list column sorts; the key is the column's id. The SLA columns sort by due time (the
 * state they show depends on the clock), tactics and techniques by their first entry (alerts with
 * none come after the rest, ascending).
 */
export const alertSortKeys = [
  "detectedAt",
  "priority",
  "status",
  "name",
  "assignee",
  "updatedAt",
  "source",
  "ackSla",
  "respondSla",
  "tenantName",
  "detectionSource",
  "sourceTool",
  "tactics",
  "mitreTechniques",
  "hostname",
  "username",
  "srcIp",
  "clientEnvironment",
] as const;
export const alertSortKeySchema = z.enum(alertSortKeys);
export type AlertSortKey = z.infer<typeof alertSortKeySchema>;

export const alertViews = ["open", "closed", "all"] as const;

/** Whether an alert was escalated into an incident (the dashboard's "Escalated" figure links here). */
export const escalatedStates = ["Yes", "No"] as const;

/** Every list filter; the web app keeps exactly this object in the URL. */
export const alertListQuerySchema = z.object({
  view: z.enum(alertViews).default("all"),
  status: list(incidentStatusSchema),
  priority: list(prioritySchema),
  assignee: list(z.string().max(120)),
  tenant: list(z.string().max(64)),
  tactic: list(tacticSchema),
  technique: list(techniqueIdSchema),
  detectionSource: list(z.string().max(120)),
  sourceTool: list(z.string().max(120)),
  ackSla: list(slaStateSchema),
  respondSla: list(slaStateSchema),
  environment: list(environmentSchema),
  resolution: list(resolutionTypeSchema),
  escalated: list(z.enum(escalatedStates)),
  /** Exact rule (the alert's name when it has no rule), host name and user name: the dashboard's top lists link here. */
  rule: list(z.string().max(300)),
  host: list(z.string().max(255)),
  user: list(z.string().max(255)),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  q: z.string().trim().max(200).optional(),
  sort: alertSortKeySchema.default("detectedAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AlertListQuery = z.output<typeof alertListQuerySchema>;

export const alertSummarySchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  source: z.string(),
  sourceId: z.string(),
  name: z.string(),
  rule: z.string().nullable(),
  priority: prioritySchema,
  status: incidentStatusSchema,
  assignee: z.string().nullable(),
  detectedAt: z.string(),
  updatedAt: z.string(),
  detectionSource: z.string().nullable(),
  sourceTool: z.string().nullable(),
  hostname: z.string().nullable(),
  username: z.string().nullable(),
  srcIp: z.string().nullable(),
  clientEnvironment: z.string().nullable(),
  tactics: z.array(z.string()),
  mitreTechniques: z.array(z.string()),
  incidentId: z.string().nullable(),
  ackSla: slaStateSchema.nullable(),
  respondSla: slaStateSchema.nullable(),
  ackDueAt: z.string().nullable(),
  respondDueAt: z.string().nullable(),
});
export type AlertSummary = z.infer<typeof alertSummarySchema>;

export const alertPageSchema = z.object({ items: z.array(alertSummarySchema), nextCursor: z.string().nullable() });
export type AlertPage = z.infer<typeof alertPageSchema>;

export const transitionBodySchema = z.object({
  status: incidentStatusSchema,
  resolutionType: resolutionTypeSchema.optional(),
  closureNotes: z.string().trim().max(5000).optional(),
  rootCause: z.string().trim().max(2000).optional(),
  comment: z.string().trim().max(5000).optional(),
});
export type TransitionBody = z.infer<typeof transitionBodySchema>;

export const commentBodySchema = z.object({ comment: z.string().trim().min(1, "Write a comment.").max(5000) });

/** A person's id, or null for nobody: an empty string is neither, and is refused. */
export const userRefSchema = z.string().min(1, "Use null to unassign; an empty id names nobody.").max(64).nullable();

export const assignBodySchema = z.object({ assigneeUserId: userRefSchema });

export const bulkBodySchema = z.object({
  ids: z.array(z.string()).min(1).max(1000),
  action: z.discriminatedUnion("type", [
    z.object({ type: z.literal("assign"), assigneeUserId: userRefSchema }),
    z.object({
      type: z.literal("status"),
      status: incidentStatusSchema,
      resolutionType: resolutionTypeSchema.optional(),
      closureNotes: z.string().trim().max(5000).optional(),
    }),
  ]),
});
export type BulkBody = z.input<typeof bulkBodySchema>;
export type BulkAction = BulkBody["action"];

export const timelineEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorName: z.string().nullable(),
  kind: z.string(),
  changes: freeFormRecord("What the entry changed, by field: [before, after] pairs, counts or ids, as the writer recorded them."),
  comment: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** Every field of one alert, for the detail page: the list row plus the rest. */
export const alertDetailSchema = alertSummarySchema.extend({
  type: z.string().nullable(),
  description: z.string().nullable(),
  services: z.array(z.string()),
  sourceTools: z.array(z.string()),
  sourceDetectionSource: z.string().nullable(),
  resolutionType: z.string().nullable(),
  rootCause: z.string().nullable(),
  importedAckSlaStatus: z.string().nullable(),
  importedRespSlaStatus: z.string().nullable(),
  ticketId: z.string().nullable(),
  closureNotes: z.string().nullable(),
  detectionSla: z.string().nullable(),
  notifySla: z.string().nullable(),
  clientPlay: z.string().nullable(),
  customerId: z.string().nullable(),
  customerEnv: z.string().nullable(),
  customerSource: z.string().nullable(),
  deviceType: z.string().nullable(),
  userId: z.string().nullable(),
  userDepartment: z.string().nullable(),
  userRiskScore: z.number().nullable(),
  dstIp: z.string().nullable(),
  escalatedToIncident: z.boolean(),
  resolvedAutomatically: z.boolean().nullable(),
  followUp: z.boolean().nullable(),
  requiresFollowUp: z.boolean().nullable(),
  confirmedIncident: z.boolean().nullable(),
  avgResponseMin: z.number().nullable(),
  avgClosureMin: z.number().nullable(),
  avgUpdateTime: z.number().nullable(),
  occurredAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  assignedAt: z.string().nullable(),
  respondedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  escalatedAt: z.string().nullable(),
  resolveDueAt: z.string().nullable(),
  modifiedAt: z.string().nullable(),
  clientUpdatedAt: z.string().nullable(),
  createdAt: z.string(),
  raw: freeFormValue("The record as the source sent it, or null."),
});
export type AlertDetail = z.infer<typeof alertDetailSchema>;

/** An alert sharing a host, user or address with the one shown, and which of them it shares. */
export const relatedAlertSchema = z.object({
  id: z.string(),
  name: z.string(),
  priority: prioritySchema,
  status: incidentStatusSchema,
  detectedAt: z.string(),
  reason: z.string(),
});
export type RelatedAlert = z.infer<typeof relatedAlertSchema>;

/** `GET /alerts/:id` and the answer to every change of one alert. */
export const alertDetailResponseSchema = z.object({
  alert: alertDetailSchema,
  allowedMoves: z.array(incidentStatusSchema),
  techniques: z.array(techniqueInfoSchema),
  timeline: z.array(timelineEntrySchema),
  related: z.array(relatedAlertSchema),
});
export type AlertDetailResponse = z.infer<typeof alertDetailResponseSchema>;

/** A row of an ingest request that was refused, by its place in the request. */
export const ingestRejectionSchema = z.object({
  index: z.number(),
  problems: z.array(z.object({ path: z.string(), message: z.string() })),
});

/** `POST /alerts/bulk`: what the request created, updated and refused. */
export const ingestOutcomeSchema = z.object({
  created: z.number(),
  updated: z.number(),
  rejected: z.array(ingestRejectionSchema),
  ids: z.array(z.string()),
});
export type IngestOutcome = z.infer<typeof ingestOutcomeSchema>;

/** `POST /alerts`: the alert's id and whether it was new (201) or an update (200). */
export const alertIngestedSchema = z.object({ id: z.string(), created: z.boolean() });

/** A bulk change applies to each item on its own: the ones that failed say why. */
export const bulkResultSchema = z.object({
  updated: z.number(),
  results: z.array(z.object({ id: z.string(), ok: z.boolean(), error: z.string().optional() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** One `change` event of the live stream (`GET /events`, text/event-stream): what changed, in which tenant. */
export const dataChangeSchema = z.object({
  tenantId: z.string(),
  kind: z.enum(["alert", "incident"]),
  ids: z.array(z.string()),
  action: z.enum(["created", "updated"]),
});
export type DataChange = z.infer<typeof dataChangeSchema>;

/** Minutes to acknowledge, respond and resolve. */
export const slaMinutesSchema = z.object({ ack: z.number(), respond: z.number(), resolve: z.number() });

/** `GET /sla-policies`: every priority of every tenant in scope, and whether the tenant set its own. */
export const slaPoliciesSchema = z.object({
  items: z.array(slaMinutesSchema.extend({ tenantId: z.string(), priority: prioritySchema, custom: z.boolean() })),
  defaults: z.record(prioritySchema, slaMinutesSchema),
});
export type SlaPolicies = z.infer<typeof slaPoliciesSchema>;

/** `GET /alerts/stats`: mean times and SLA shares per tenant, priority or assignee over a window. */
export const alertStatsSchema = z.object({
  by: z.enum(["tenant", "priority", "assignee"]),
  from: z.string(),
  to: z.string(),
  items: z.array(
    z.object({
      key: z.string().nullable(),
      alerts: z.number(),
      mttaMinutes: z.number().nullable(),
      mttrMinutes: z.number().nullable(),
      ackMetPercent: z.number().nullable(),
      respondMetPercent: z.number().nullable(),
    }),
  ),
});
export type AlertStats = z.infer<typeof alertStatsSchema>;
