import { z } from "zod";
import { queryList } from "./query-list";
import { reportKinds } from "./reports";

/**
 * Report schedules (docs/reports.md, "Schedules"): a report kind with its tenants and period,
 * made daily, weekly or monthly at a time in a time zone, archived and mailed to recipients.
 */
export const scheduleCadences = ["daily", "weekly", "monthly"] as const;
export type ScheduleCadence = (typeof scheduleCadences)[number];

/** Periods a schedule may ask for: rolling windows or the last complete month or quarter. */
export const schedulePeriods = ["last7", "last30", "last90", "month", "quarter"] as const;

/** Each run of a schedule: made, then mailed (or not, and why). */
export const deliveryStatuses = ["sending", "sent", "retrying", "failed", "mail-off", "not-made"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const SCHEDULE_RECIPIENT_LIMIT = 20;

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time as HH:MM (24-hour)");

export const reportScheduleBodySchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    kind: z.enum(reportKinds),
    /** Tenant ids; empty means every tenant in the creator's scope at each run. */
    tenants: z.array(z.string().min(1).max(64)).max(500).default([]),
    period: z.enum(schedulePeriods),
    cadence: z.enum(scheduleCadences),
    time: timeOfDay,
    /** 0 = Sunday ... 6 = Saturday; weekly schedules only. */
    weekday: z.number().int().min(0).max(6).nullable().default(null),
    /** 1-28 so that every month has the day; monthly schedules only. */
    monthDay: z.number().int().min(1).max(28).nullable().default(null),
    timeZone: z.string().min(1).max(64),
    recipients: z.array(z.email().max(254)).max(SCHEDULE_RECIPIENT_LIMIT).default([]),
    enabled: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if (body.cadence === "weekly" && body.weekday === null)
      ctx.addIssue({
        code: "custom",
        path: ["weekday"],
        message: "is required for a weekly schedule (0 = Sunday ... 6 = Saturday)",
      });
    if (body.cadence !== "weekly" && body.weekday !== null)
      ctx.addIssue({ code: "custom", path: ["weekday"], message: "is only for weekly schedules" });
    if (body.cadence === "monthly" && body.monthDay === null)
      ctx.addIssue({ code: "custom", path: ["monthDay"], message: "is required for a monthly schedule (1-28)" });
    if (body.cadence !== "monthly" && body.monthDay !== null)
      ctx.addIssue({ code: "custom", path: ["monthDay"], message: "is only for monthly schedules" });
  });
export type ReportScheduleBody = z.output<typeof reportScheduleBodySchema>;
export type ReportScheduleBodyInput = z.input<typeof reportScheduleBodySchema>;

export const reportScheduleEnabledSchema = z.object({ enabled: z.boolean() });

export const reportDeliverySchema = z.object({
  id: z.string(),
  dueAt: z.string(),
  status: z.enum(deliveryStatuses),
  recipients: z.array(z.string()),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The archived PDF, while it is kept. */
  reportId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type ReportDelivery = z.infer<typeof reportDeliverySchema>;

export const reportScheduleSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(reportKinds),
  tenants: z.array(z.object({ id: z.string(), name: z.string() })),
  allTenants: z.boolean(),
  period: z.enum(schedulePeriods),
  cadence: z.enum(scheduleCadences),
  time: z.string(),
  weekday: z.number().int().nullable(),
  monthDay: z.number().int().nullable(),
  timeZone: z.string(),
  recipients: z.array(z.string()),
  enabled: z.boolean(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** The latest runs, newest first. */
  deliveries: z.array(reportDeliverySchema),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportScheduleListSchema = z.object({
  items: z.array(reportScheduleSchema),
  /** False when WATCHFLOOR_SMTP_URL is not set: schedules archive their reports and send nothing. */
  mailEnabled: z.boolean(),
});
export type ReportScheduleList = z.infer<typeof reportScheduleListSchema>;

export const reportScheduleQuerySchema = z.object({ tenants: queryList(z.string().max(64)) });
