import { z } from "zod";
import { resolutionTypeSchema } from "./alerts";
import { incidentStatusSchema, prioritySchema } from "./enums";

export const incidentCreateBodySchema = z.object({
  tenantId: z.string().min(1),
  title: z.string().trim().min(1, "Give the incident a title.").max(300),
  description: z.string().trim().max(10000).optional(),
  priority: prioritySchema,
  ownerUserId: z.string().nullable().optional(),
  /** Alerts to escalate into the new incident (same tenant). */
  alertIds: z.array(z.string()).max(500).default([]),
});

export const escalateBodySchema = z.object({
  alertIds: z.array(z.string()).min(1).max(500),
  /** Attach to this incident; without it a new one is opened from the first alert. */
  incidentId: z.string().optional(),
});

export const incidentListQuerySchema = z.object({
  view: z.enum(["open", "closed", "all"]).default("all"),
  status: z.string().optional(),
  priority: z.string().optional(),
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

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

export const incidentUpdateBodySchema = z.object({
  title: z.string().trim().min(1).max(300).optional(),
  description: z.string().trim().max(10000).optional(),
  priority: prioritySchema.optional(),
  ownerUserId: z.string().nullable().optional(),
  rootCause: z.string().trim().max(2000).optional(),
  ticketId: z.string().trim().max(120).optional(),
  resolutionType: resolutionTypeSchema.optional(),
});
