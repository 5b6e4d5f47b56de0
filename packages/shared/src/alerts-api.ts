import { z } from "zod";
import { queryList as list } from "./query-list";
import { environmentSchema, resolutionTypeSchema } from "./alerts";
import { tacticSchema, techniqueIdSchema } from "./attack";
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

export const timelineEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorName: z.string().nullable(),
  kind: z.string(),
  changes: z.record(z.string(), z.unknown()),
  comment: z.string().nullable(),
});
