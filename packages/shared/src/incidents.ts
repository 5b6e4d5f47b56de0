import { z } from "zod";
import { resolutionTypeSchema } from "./alerts";
import { tacticSchema, techniqueIdSchema } from "./attack";
import { timelineEntrySchema, userRefSchema } from "./alerts-api";
import { incidentStatusSchema, prioritySchema } from "./enums";
import { queryList } from "./query-list";

export const incidentCreateBodySchema = z.object({
  tenantId: z.string().min(1),
  title: z.string().trim().min(1, "Give the incident a title.").max(300),
  description: z.string().trim().max(10000).optional(),
  priority: prioritySchema,
  ownerUserId: userRefSchema.optional(),
  /** Alerts to escalate into the new incident (same tenant). */
  alertIds: z.array(z.string()).max(500).default([]),
});

export const escalateBodySchema = z.object({
  alertIds: z.array(z.string()).min(1).max(500),
  /** Attach to this incident; without it a new one is opened from the first alert. */
  incidentId: z.string().optional(),
});
export type IncidentCreateBody = z.input<typeof incidentCreateBodySchema>;
export type EscalateBody = z.input<typeof escalateBodySchema>;

/**
 * Sortable columns of the incidents list: every column it shows. `owner` sorts on the owner's
 * display name with no owner as "" (first ascending, last descending, the same on both
 * databases); `priority` on its rank; `alertCount` on the number of linked alerts.
 */
export const incidentSortKeys = [
  "createdAt",
  "updatedAt",
  "priority",
  "status",
  "title",
  "owner",
  "tenant",
  "alertCount",
] as const;
export const incidentSortKeySchema = z.enum(incidentSortKeys);
export type IncidentSortKey = z.infer<typeof incidentSortKeySchema>;

/** Open (Open, Acknowledged, In Progress), closed (Resolved, Closed) or every incident. */
export const incidentViews = ["open", "closed", "all"] as const;

/** Every filter of the incidents list; the web app keeps exactly this object in the URL. */
export const incidentListQuerySchema = z.object({
  view: z.enum(incidentViews).default("all"),
  status: queryList(incidentStatusSchema),
  priority: queryList(prioritySchema),
  /** Owners by display name, as the list shows them (like the alert list's assignee); "unassigned" for none. */
  owner: queryList(z.string().max(120)),
  /** Tenant ids; only those in the caller's scope count. */
  tenant: queryList(z.string().max(64)),
  /** ATT&CK tactics and techniques of the incident's alerts (any of them). */
  tactic: queryList(tacticSchema),
  technique: queryList(techniqueIdSchema),
  /** On the created date: from (inclusive) and to (exclusive). */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Case-insensitive substring of the title, or a reference ("INC-0007", "ACME-INC-7"). */
  q: z.string().trim().max(200).optional(),
  sort: incidentSortKeySchema.default("createdAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type IncidentListQuery = z.output<typeof incidentListQuerySchema>;

export const incidentSummarySchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  number: z.number(),
  reference: z.string(),
  title: z.string(),
  priority: prioritySchema,
  status: incidentStatusSchema,
  ownerUserId: z.string().nullable(),
  ownerName: z.string().nullable(),
  alertCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IncidentSummary = z.infer<typeof incidentSummarySchema>;

export const incidentPageSchema = z.object({ items: z.array(incidentSummarySchema), nextCursor: z.string().nullable() });
export type IncidentPage = z.infer<typeof incidentPageSchema>;

export const incidentUpdateBodySchema = z.object({
  title: z.string().trim().min(1).max(300).optional(),
  description: z.string().trim().max(10000).optional(),
  priority: prioritySchema.optional(),
  ownerUserId: userRefSchema.optional(),
  rootCause: z.string().trim().max(2000).optional(),
  ticketId: z.string().trim().max(120).optional(),
  resolutionType: resolutionTypeSchema.optional(),
});

/** An alert linked to an incident, as its detail page lists it. */
export const incidentAlertSchema = z.object({
  id: z.string(),
  name: z.string(),
  priority: prioritySchema,
  status: incidentStatusSchema,
  source: z.string(),
  detectedAt: z.string(),
});

/** `GET /incidents/:id` and the answer to creating, escalating into or changing an incident. */
export const incidentDetailSchema = z.object({
  incident: incidentSummarySchema.extend({
    description: z.string().nullable(),
    rootCause: z.string().nullable(),
    resolutionType: z.string().nullable(),
    closureNotes: z.string().nullable(),
    ticketId: z.string().nullable(),
  }),
  allowedMoves: z.array(incidentStatusSchema),
  alerts: z.array(incidentAlertSchema),
  timeline: z.array(timelineEntrySchema),
});
export type IncidentDetail = z.infer<typeof incidentDetailSchema>;
export type IncidentUpdateBody = z.input<typeof incidentUpdateBodySchema>;

/** `POST /incidents/bulk-update`: one action on up to 1,000 incidents; each reports its own outcome. */
export const incidentBulkBodySchema = z.object({
  ids: z.array(z.string()).min(1).max(1000),
  action: z.discriminatedUnion("type", [
    z.object({ type: z.literal("assign"), ownerUserId: userRefSchema }),
    z.object({ type: z.literal("priority"), priority: prioritySchema }),
    z.object({
      type: z.literal("status"),
      status: incidentStatusSchema,
      resolutionType: resolutionTypeSchema.optional(),
      closureNotes: z.string().trim().max(5000).optional(),
    }),
  ]),
});
export type IncidentBulkBody = z.input<typeof incidentBulkBodySchema>;

/** The columns of `GET /incidents/export.csv`, in order. */
export const incidentCsvColumns = [
  "reference",
  "tenant",
  "title",
  "priority",
  "status",
  "owner",
  "alerts",
  "createdAt",
  "updatedAt",
  "id",
] as const;
export const incidentExportQuerySchema = incidentListQuerySchema.omit({ cursor: true, limit: true });
