import { z } from "zod";
import { prioritySchema } from "./enums";

/**
 * The security overview: every figure counts alerts detected in [from, to) in the tenants in
 * scope, so each one maps onto the alert list with the same filters (see docs/dashboard.md).
 */
export const dashboardQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** Longest range the overview aggregates: the 90-day preset plus room for custom ranges. */
export const dashboardMaxRangeDays = 400;

const minutes = z.number().nullable();
const percent = z.number().nullable();

/** A figure this period and the same figure over the previous period of equal length. */
const trend = z.object({ current: minutes, previous: minutes });

const ranked = z.object({ key: z.string(), label: z.string(), count: z.number().int() });

export const dashboardTenantRowSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  alerts: z.number().int(),
  open: z.number().int(),
  criticalOpen: z.number().int(),
  mttaMinutes: minutes,
  mttrMinutes: minutes,
  ackMetPercent: percent,
  respondMetPercent: percent,
  /** Open alerts whose respond SLA is Missed as of now (list filter respondSla=Missed). */
  breachedNow: z.number().int(),
});
export type DashboardTenantRow = z.infer<typeof dashboardTenantRowSchema>;

export const dashboardSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  /** Hour buckets for ranges up to two days, day buckets (from `from`) otherwise. */
  bucket: z.enum(["hour", "day"]),
  alerts: trend,
  open: z.number().int(),
  openByPriority: z.record(prioritySchema, z.number().int()),
  /** Alerts detected in the 24 hours before `to`, whatever the range. */
  newLast24h: z.number().int(),
  mttaMinutes: trend,
  mttrMinutes: trend,
  ackMetPercent: trend,
  respondMetPercent: trend,
  escalated: z.number().int(),
  resolved: z.number().int(),
  resolvedAutomatically: z.number().int(),
  breachedNow: z.number().int(),
  overTime: z.array(z.object({ start: z.string(), total: z.number().int(), critical: z.number().int(), high: z.number().int() })),
  topRules: z.array(ranked),
  topTechniques: z.array(ranked),
  topHosts: z.array(ranked),
  topUsers: z.array(ranked),
  /** Open alerts per assignee; key "unassigned" for alerts nobody holds. */
  workload: z.array(ranked),
  /** Present when the scope covers more than one tenant. */
  tenants: z.array(dashboardTenantRowSchema).nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
