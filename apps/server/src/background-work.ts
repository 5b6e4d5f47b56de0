import type { AppContext } from "./context";
import { notifySlaBreachBatches } from "./features/alerts/sla-breach.service";
import { notifyOverdueFindingBatches } from "./features/findings/finding-sla-overdue.service";
import { notifyExpiredExceptions } from "./features/compliance/compliance-exceptions.service";
import { expireAcceptances } from "./features/vm/vm-acceptances.service";
import { JobRunner, type JobHandler, type PeriodicTask } from "./features/jobs/job-runner";
import { pruneJobs } from "./features/jobs/jobs.repository";
import {
  enqueueDueSchedules,
  failDelivery,
  REPORT_MAIL_ATTEMPTS,
  REPORT_MAIL_JOB,
  REPORT_RUN_JOB,
  runSchedule,
  sendDelivery,
} from "./features/reports/report-schedules.service";
import { notifySilentSources } from "./features/mdr/mdr-silence.service";
import { applyRetention } from "./features/retention/retention.service";
import { automationFor } from "./features/automation/automation-engine";
import { type Mail, MAIL_JOB, sendMail } from "./lib/mail";
import { attemptDelivery, markDead, WEBHOOK_JOB } from "./features/webhooks/webhooks.service";
import { WEBHOOK_ATTEMPTS } from "@watchfloor/shared";
import { snapshotRiskDaily } from "./features/risk/risk-snapshots.service";
import { snapshotScopesDaily } from "./features/ctem/ctem-snapshots.service";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Batches of 500 late-work notices per check: a backlog is told over a few slots, not all at once during an ingest. */
const NOTICE_BATCHES_PER_SLOT = 10;
/** Finished jobs (done or dead) are kept this long in the history. */
const JOB_HISTORY_MS = 7 * 24 * HOUR;

/**
 * Every periodic task and job handler `serve` runs, composed here (like app.ts composes routes)
 * because the tasks live in features that the jobs feature may not import. Each runs once per
 * slot across servers (features/jobs/job-runner.ts; docs/deployment.md, "Background work").
 */
export function backgroundWork(ctx: AppContext, log: (error: unknown, message: string) => void): JobRunner {
  const periodic: PeriodicTask[] = [
    {
      kind: "sla-breach-check",
      everyMs: ctx.env.WATCHFLOOR_SLA_CHECK_SECONDS * 1000,
      run: async () => ({ notified: await notifySlaBreachBatches(ctx, NOTICE_BATCHES_PER_SLOT) }),
    },
    {
      kind: "remediation-overdue-check",
      everyMs: ctx.env.WATCHFLOOR_SLA_CHECK_SECONDS * 1000,
      run: async () => ({ notified: await notifyOverdueFindingBatches(ctx, NOTICE_BATCHES_PER_SLOT) }),
    },
    {
      kind: "compliance-exception-expiry",
      everyMs: ctx.env.WATCHFLOOR_SLA_CHECK_SECONDS * 1000,
      run: async () => ({ notified: await notifyExpiredExceptions(ctx) }),
    },
    {
      kind: "vm-acceptance-expiry",
      everyMs: ctx.env.WATCHFLOOR_SLA_CHECK_SECONDS * 1000,
      run: async () => ({ reopened: await expireAcceptances(ctx) }),
    },
    // MDR: data sources silent longer than their expected interval (reads the per-source rollups).
    {
      kind: "data-source-silence",
      everyMs: ctx.env.WATCHFLOOR_SLA_CHECK_SECONDS * 1000,
      run: async () => ({ notified: await notifySilentSources(ctx) }),
    },
    // Cheap when today's snapshots exist; hourly so a new day's are written within the hour.
    { kind: "risk-snapshot", everyMs: HOUR, run: async () => ({ tenants: await snapshotRiskDaily(ctx) }) },
    // CTEM: each scope's score of the day (docs/ctem.md), the same way.
    { kind: "ctem-snapshot", everyMs: HOUR, run: async () => ({ scopes: await snapshotScopesDaily(ctx) }) },
    { kind: "retention", everyMs: HOUR, run: async () => ({ tenants: (await applyRetention(ctx)).length }) },
    {
      kind: "report-schedules",
      everyMs: MINUTE,
      run: () => enqueueDueSchedules(ctx, (kind, key, payload) => runner.enqueue(kind, key, payload)),
    },
    { kind: "automation-schedule", everyMs: MINUTE, run: async () => ({ runs: await automationFor(ctx).runScheduled() }) },
    // Automation events nobody answered: left by a restart, or claimed by a server that died (docs/automation.md).
    { kind: "automation-outbox", everyMs: MINUTE, run: async () => ({ events: await automationFor(ctx).sweep() }) },
    {
      kind: "automation-sla-at-risk",
      everyMs: ctx.env.WATCHFLOOR_SLA_CHECK_SECONDS * 1000,
      run: async () => ({ alerts: await automationFor(ctx).checkAtRisk() }),
    },
    {
      kind: "job-history-prune",
      everyMs: HOUR,
      run: async () => ({ deleted: await pruneJobs(ctx.db, ctx.now() - JOB_HISTORY_MS) }),
    },
  ];
  const handlers: JobHandler[] = [
    {
      kind: REPORT_RUN_JOB,
      maxAttempts: 3,
      run: (job) => runSchedule(ctx, (kind, key, payload) => runner.enqueue(kind, key, payload), job.payload as never),
    },
    {
      kind: REPORT_MAIL_JOB,
      maxAttempts: REPORT_MAIL_ATTEMPTS,
      run: (job) => sendDelivery(ctx, job.payload as never, job.attempt),
      onDead: (job, error) => failDelivery(ctx, job.payload as never, job.attempt, error),
    },
    {
      kind: MAIL_JOB,
      maxAttempts: 5,
      run: async (job) => {
        const url = ctx.env.WATCHFLOOR_SMTP_URL;
        if (url) await sendMail(url, ctx.env.WATCHFLOOR_SMTP_FROM, job.payload as Mail);
      },
    },
    {
      // Retried with the runner's backoff; the last failure leaves a dead letter to replay.
      kind: WEBHOOK_JOB,
      maxAttempts: WEBHOOK_ATTEMPTS,
      run: (job) => attemptDelivery(ctx, (job.payload as { deliveryId: string }).deliveryId, job.attempt),
      onDead: (job, error) => markDead(ctx, (job.payload as { deliveryId: string }).deliveryId, error),
    },
  ];
  const runner: JobRunner = new JobRunner(ctx, { periodic, handlers, log });
  return runner;
}
