import { z } from "zod";
import { prioritySchema } from "./enums";

/**
 * MDR (docs/mdr.md): the provider's service console over the tenants in scope. Client board,
 * data-source health, analyst workload, shift handovers and escalations to the client.
 */
const count = z.number().int();
const when = z.string();
const text = (max: number) => z.string().trim().max(max);
const id = z.string().trim().min(1).max(100);

/** Mean minutes now (the last 7 days) and before (the 7 days before), as the dashboard defines them. */
export const mdrTrendSchema = z.object({ current: z.number().nullable(), previous: z.number().nullable() });

export const mdrSourceLastSchema = z.object({
  tool: z.string(),
  sensor: z.string(),
  lastEventAt: when,
  silent: z.boolean(),
});

export const mdrBoardRowSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  open: count,
  unassigned: count,
  /** Open alerts whose respond step is overdue (the dashboard's "breached now"). */
  breached: count,
  /** Open alerts whose respond step is not due yet but past 75% of its time (the alert list's "At risk"). */
  atRisk: count,
  incidentsOpen: count,
  sources: z.array(mdrSourceLastSchema),
  silentSources: count,
  mttaMinutes: mdrTrendSchema,
  mttrMinutes: mdrTrendSchema,
});
export type MdrBoardRow = z.infer<typeof mdrBoardRowSchema>;

export const mdrBoardSchema = z.object({
  asOf: when,
  weekFrom: when,
  previousFrom: when,
  rows: z.array(mdrBoardRowSchema),
});
export type MdrBoard = z.infer<typeof mdrBoardSchema>;

export const mdrExpectedSources = ["set", "learned", "default"] as const;

export const mdrSourceHealthSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  tool: z.string(),
  sensor: z.string(),
  lastEventAt: when,
  /** Alerts detected today (UTC) so far. */
  today: count,
  /** Median alerts per day over the 14 whole UTC days before today (days without any count as 0). */
  normalDaily: z.number(),
  expectedMinutes: count,
  expectedFrom: z.enum(mdrExpectedSources),
  silent: z.boolean(),
  silentSince: when.nullable(),
});
export type MdrSourceHealth = z.infer<typeof mdrSourceHealthSchema>;

export const mdrSourcesSchema = z.object({ asOf: when, items: z.array(mdrSourceHealthSchema) });
export type MdrSources = z.infer<typeof mdrSourcesSchema>;

/** Expected interval set by hand for one source (null: learn it again). */
export const mdrExpectedIntervalBodySchema = z.object({
  tenantId: id,
  tool: text(120).min(1),
  sensor: text(120),
  expectedMinutes: z.number().int().min(5).max(10_080).nullable(),
});
export type MdrExpectedIntervalBody = z.infer<typeof mdrExpectedIntervalBodySchema>;

export const mdrWorkloadRowSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  /** The assignee as written on the alerts; null = unassigned. */
  assignee: z.string().nullable(),
  open: count,
  breached: count,
  oldestAlertId: z.string(),
  oldestName: z.string(),
  oldestDetectedAt: when,
});
export type MdrWorkloadRow = z.infer<typeof mdrWorkloadRowSchema>;
export const mdrWorkloadSchema = z.object({ items: z.array(mdrWorkloadRowSchema) });
export type MdrWorkload = z.infer<typeof mdrWorkloadSchema>;

/** Moves an analyst's (or the unassigned) open alerts of one client, oldest first, to someone else. */
export const mdrReassignBodySchema = z.object({
  tenantId: id,
  /** The assignee as the workload row shows it; null = the unassigned alerts. */
  from: text(200).min(1).nullable(),
  toUserId: id,
  /** At most this many alerts per request, oldest first. */
  limit: z.number().int().min(1).max(1000).default(1000),
});
export type MdrReassignBody = z.input<typeof mdrReassignBodySchema>;
export const mdrReassignResultSchema = z.object({ moved: count, failed: count, remaining: count });
export type MdrReassignResult = z.infer<typeof mdrReassignResultSchema>;

export const mdrItemKinds = ["alert", "incident"] as const;
export const mdrItemRefSchema = z.object({ kind: z.enum(mdrItemKinds), id });
export type MdrItemRef = z.infer<typeof mdrItemRefSchema>;

export const mdrHandoverBodySchema = z.object({
  tenantId: id,
  shift: text(120).min(1),
  openWork: text(5000).min(1),
  watch: text(5000).default(""),
  items: z.array(mdrItemRefSchema).max(50).default([]),
});
export type MdrHandoverBody = z.input<typeof mdrHandoverBodySchema>;

export const mdrHandoverSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  shift: z.string(),
  openWork: z.string(),
  watch: z.string(),
  items: z.array(mdrItemRefSchema.extend({ label: z.string().nullable() })),
  authorName: z.string(),
  createdAt: when,
});
export type MdrHandover = z.infer<typeof mdrHandoverSchema>;
export const mdrHandoverListSchema = z.object({ items: z.array(mdrHandoverSchema) });

export const mdrListQuerySchema = z.object({
  tenantId: id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const mdrChannels = ["phone", "email", "sms", "chat", "ticket"] as const;
export const mdrChannelSchema = z.enum(mdrChannels);
export type MdrChannel = z.infer<typeof mdrChannelSchema>;

export const mdrContactBodySchema = z
  .object({
    tenantId: id,
    name: text(120).min(1),
    role: text(120).nullish(),
    email: z.email().max(254).nullish(),
    phone: text(40).nullish(),
  })
  .refine((c) => c.email || c.phone, { message: "Give an email address or a phone number", path: ["email"] });
export type MdrContactBody = z.input<typeof mdrContactBodySchema>;

export const mdrContactSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  name: z.string(),
  role: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type MdrContact = z.infer<typeof mdrContactSchema>;

export const mdrMatrixRowSchema = z.object({ priority: prioritySchema, contactId: id, channel: mdrChannelSchema });
export type MdrMatrixRow = z.infer<typeof mdrMatrixRowSchema>;
export const mdrMatrixBodySchema = z.object({ tenantId: id, rows: z.array(mdrMatrixRowSchema).max(4) });
export type MdrMatrixBody = z.infer<typeof mdrMatrixBodySchema>;

export const mdrEscalationSettingsSchema = z.object({
  tenantId: z.string(),
  contacts: z.array(mdrContactSchema),
  matrix: z.array(mdrMatrixRowSchema),
});
export type MdrEscalationSettings = z.infer<typeof mdrEscalationSettingsSchema>;
export const mdrTenantQuerySchema = z.object({ tenantId: id });
/** Board, sources, workload and their CSV: one tenant of the scope when named (a download link cannot send the tenant header). */
export const mdrScopeQuerySchema = z.object({ tenantId: id.optional() });

export const mdrEscalationBodySchema = z.object({
  tenantId: id,
  /** What the client is told about: an alert or incident id, or a short subject. */
  subject: text(300).min(1),
  priority: prioritySchema,
  /** Defaults to the matrix's contact and channel for the priority. */
  contactId: id.optional(),
  channel: mdrChannelSchema.optional(),
  toldAt: z.iso.datetime({ offset: true }).optional(),
  note: text(2000).nullish(),
});
export type MdrEscalationBody = z.input<typeof mdrEscalationBodySchema>;

export const mdrAcknowledgeBodySchema = z.object({
  acknowledgedBy: text(120).min(1),
  acknowledgedAt: z.iso.datetime({ offset: true }).optional(),
});
export type MdrAcknowledgeBody = z.input<typeof mdrAcknowledgeBodySchema>;

export const mdrEscalationSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  subject: z.string(),
  priority: prioritySchema,
  contactName: z.string(),
  channel: mdrChannelSchema,
  note: z.string().nullable(),
  toldAt: when,
  recordedBy: z.string(),
  acknowledgedAt: when.nullable(),
  acknowledgedBy: z.string().nullable(),
});
export type MdrEscalation = z.infer<typeof mdrEscalationSchema>;
export const mdrEscalationListSchema = z.object({ items: z.array(mdrEscalationSchema) });
