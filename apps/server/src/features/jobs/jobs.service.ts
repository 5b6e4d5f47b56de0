import type { JobPage, JobStatus } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { iso, isoOrNull } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { insertJob, jobCounts, listJobs } from "./jobs.repository";

/**
 * Queues a job from a feature: through this server's runner when it has one (`serve`, which then
 * runs it at once), else in the table for whichever server's runner comes next.
 */
export async function queueJob(
  ctx: AppContext,
  kind: string,
  key: string,
  payload: unknown,
  maxAttempts: number,
): Promise<boolean> {
  if (ctx.jobs) return ctx.jobs.enqueue(kind, key, payload);
  const now = ctx.now();
  return insertJob(ctx.db, { id: newId(), kind, key, payload, runAt: now, maxAttempts, now });
}

const optionalIso = (ms: number | null) => isoOrNull(ms == null ? null : Number(ms));

/** The newest jobs (optionally of one status or kind) with the queue's counts. */
export async function jobHistory(ctx: AppContext, query: { status?: JobStatus; kind?: string; limit: number }): Promise<JobPage> {
  const rows = await listJobs(ctx.db, query);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      key: r.job_key,
      status: r.status as JobStatus,
      runAt: iso(Number(r.run_at)),
      attempts: Number(r.attempts),
      maxAttempts: Number(r.max_attempts),
      claimedBy: r.claimed_by,
      lastError: r.last_error,
      createdAt: iso(Number(r.created_at)),
      startedAt: optionalIso(r.started_at),
      finishedAt: optionalIso(r.finished_at),
    })),
    counts: await jobCounts(ctx.db, ctx.now()),
  };
}
