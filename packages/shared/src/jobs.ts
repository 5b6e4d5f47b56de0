import { z } from "zod";

/**
 * Background jobs (docs/deployment.md, "Background work"): periodic tasks and scheduled work are
 * rows claimed in the database, so each runs once however many servers share it.
 * queued -> running -> succeeded; a failure goes back to queued with a later run time until the
 * job's last attempt, then to dead.
 */
export const jobStatuses = ["queued", "running", "succeeded", "dead"] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const jobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** What makes the job unique within its kind (a periodic slot, a schedule's due time). */
  key: z.string(),
  status: z.enum(jobStatuses),
  runAt: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  claimedBy: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobQuerySchema = z.object({
  status: z.enum(jobStatuses).optional(),
  kind: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const jobCountsSchema = z.object({
  queued: z.number().int(),
  running: z.number().int(),
  dead: z.number().int(),
  /** Queued jobs already due: the queue's backlog. */
  due: z.number().int(),
});
export type JobCounts = z.infer<typeof jobCountsSchema>;

export const jobPageSchema = z.object({ items: z.array(jobSchema), counts: jobCountsSchema });
export type JobPage = z.infer<typeof jobPageSchema>;

/** Retry delay after the given failed attempt (1-based): 30 s, 1, 2, 4 ... minutes, at most an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempt - 1));
}
