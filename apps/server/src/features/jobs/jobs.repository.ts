import type { Kysely, Selectable } from "kysely";
import { skipLocked } from "../../db/dialect";
import type { DB, JobsTable } from "../../db/tables";

export type JobRow = Selectable<JobsTable>;

export interface NewJob {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  runAt: number;
  maxAttempts: number;
  now: number;
}

/** Adds a job unless one of that kind and key exists; true when this call added it. */
export async function insertJob(db: Kysely<DB>, job: NewJob): Promise<boolean> {
  const result = await db
    .insertInto("jobs")
    .values({
      id: job.id,
      kind: job.kind,
      job_key: job.key,
      payload: JSON.stringify(job.payload ?? null),
      status: "queued",
      run_at: job.runAt,
      max_attempts: job.maxAttempts,
      created_at: job.now,
    })
    .onConflict((oc) => oc.columns(["kind", "job_key"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Claims the job that has waited longest among those due: queued ones, or running ones whose
 * server stopped renewing its lease (it crashed or was killed). One transaction, so two servers
 * never claim the same job.
 */
export async function claimJob(db: Kysely<DB>, owner: string, now: number, leaseMs: number): Promise<JobRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const due = await skipLocked(
      trx,
      trx.selectFrom("jobs").select("id").where("status", "=", "queued").where("run_at", "<=", now).orderBy("run_at").limit(1),
    ).executeTakeFirst();
    const stale = due
      ? undefined
      : await skipLocked(
          trx,
          trx
            .selectFrom("jobs")
            .select("id")
            .where("status", "=", "running")
            .where("lease_until", "<", now)
            .orderBy("lease_until")
            .limit(1),
        ).executeTakeFirst();
    const id = due?.id ?? stale?.id;
    if (!id) return undefined;
    return trx
      .updateTable("jobs")
      .set((eb) => ({
        status: "running",
        claimed_by: owner,
        lease_until: now + leaseMs,
        attempts: eb("attempts", "+", 1),
        started_at: now,
      }))
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  });
}

/** Ends a claimed job; only its claimer may (a job whose lease ran out may have been claimed again). */
export async function finishJob(
  db: Kysely<DB>,
  id: string,
  owner: string,
  change: { status: "succeeded" | "queued" | "dead"; runAt?: number; error?: string | null; result?: unknown; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({
      status: change.status,
      ...(change.runAt !== undefined ? { run_at: change.runAt } : {}),
      last_error: change.error ?? null,
      result: change.result === undefined ? null : JSON.stringify(change.result),
      finished_at: change.status === "queued" ? null : change.now,
      lease_until: null,
      claimed_by: change.status === "queued" ? null : owner,
    })
    .where("id", "=", id)
    .where("claimed_by", "=", owner)
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The earliest run time among queued jobs (to know when to wake). */
export async function nextRunAt(db: Kysely<DB>): Promise<number | null> {
  const row = await db
    .selectFrom("jobs")
    .select((eb) => eb.fn.min("run_at").as("at"))
    .where("status", "=", "queued")
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

export async function listJobs(db: Kysely<DB>, filter: { status?: string; kind?: string; limit: number }) {
  let query = db.selectFrom("jobs").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(filter.limit);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.kind) query = query.where("kind", "=", filter.kind);
  return query.execute();
}

export async function jobCounts(db: Kysely<DB>, now: number) {
  const rows = await db
    .selectFrom("jobs")
    .select((eb) => [
      "status",
      eb.fn.countAll<number>().as("n"),
      eb.fn.sum<number>(eb.case().when("run_at", "<=", now).then(1).else(0).end()).as("due"),
    ])
    .where("status", "in", ["queued", "running", "dead"])
    .groupBy("status")
    .execute();
  const of = (status: string) => rows.find((r) => r.status === status);
  return {
    queued: Number(of("queued")?.n ?? 0),
    running: Number(of("running")?.n ?? 0),
    dead: Number(of("dead")?.n ?? 0),
    due: Number(of("queued")?.due ?? 0),
  };
}

/** Deletes finished jobs (succeeded or dead) that ended before `before`. */
export async function pruneJobs(db: Kysely<DB>, before: number): Promise<number> {
  const result = await db
    .deleteFrom("jobs")
    .where("status", "in", ["succeeded", "dead"])
    .where("finished_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Keeps a running job's lease while its server is alive. */
export async function renewLease(db: Kysely<DB>, id: string, owner: string, until: number): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ lease_until: until })
    .where("id", "=", id)
    .where("claimed_by", "=", owner)
    .where("status", "=", "running")
    .execute();
}
