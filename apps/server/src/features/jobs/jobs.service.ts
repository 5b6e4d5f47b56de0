import type { JobPage, JobStatus } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { iso, isoOrNull } from "../../lib/time";
import { jobCounts, listJobs } from "./jobs.repository";

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
