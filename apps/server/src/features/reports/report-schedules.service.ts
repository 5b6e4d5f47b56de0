import {
  canonicalTimeZone,
  type DeliveryStatus,
  type ReportKind,
  type ReportSchedule,
  type ReportScheduleBody,
  type ReportScheduleList,
  reportKindLabels,
  reportKindPermission,
  roleCan,
  type ScheduleCadence,
} from "@watchfloor/shared";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { actorOf } from "../../http/auth-guard";
import { membershipsOf } from "../../http/credentials.repository";
import { invalid, notFound } from "../../http/errors";
import { assertTenantInScope } from "../../http/tenant-scope";
import { iso, isoOrNull } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { recordAudit } from "../audit/audit.repository";
import { insertNotification } from "../notifications/notifications.repository";
import { readableTenants } from "./report-archive.service";
import { makeArchivedPdf } from "./report-kinds.service";
import { reportInput } from "./report-params";
import { sendMail } from "../../lib/mail";
import * as repo from "./report-schedules.repository";
import * as archive from "./reports.repository";
import { type Cadence, nextRunAfter } from "./schedule-cadence";

/** Background job kinds (src/background-work.ts registers their handlers). */
export const REPORT_RUN_JOB = "report-schedule-run";
export const REPORT_MAIL_JOB = "report-mail";
/** Mail attempts before a delivery is failed: 30 s, 1, 2, 4 min apart (shared retryDelayMs). */
export const REPORT_MAIL_ATTEMPTS = 5;
const DELIVERIES_SHOWN = 5;

const cadenceOf = (row: repo.ScheduleRow): Cadence => ({
  cadence: row.cadence as ScheduleCadence,
  time: row.at_time,
  weekday: row.weekday,
  monthDay: row.month_day,
  timeZone: row.time_zone,
});

async function auditAll(
  ctx: AppContext,
  event: "report.schedule_created" | "report.schedule_changed" | "report.schedule_deleted",
  request: FastifyRequest,
  tenantIds: readonly string[],
  details: Record<string, unknown>,
) {
  const who = actorOf(request);
  for (const tenantId of tenantIds)
    await recordAudit(ctx.db, {
      event,
      at: ctx.now(),
      tenantId,
      actorUserId: who.userId,
      actorEmail: who.email,
      ipAddress: request.ip,
      details,
    });
}

function view(row: repo.ScheduleRow, tenants: { id: string; name: string }[], deliveries: repo.DeliveryRow[]): ReportSchedule {
  const query = new URLSearchParams(row.query);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as ReportKind,
    tenants,
    allTenants: query.get("all") === "1",
    period: (query.get("period") ?? "last30") as ReportSchedule["period"],
    cadence: row.cadence as ScheduleCadence,
    time: row.at_time,
    weekday: row.weekday,
    monthDay: row.month_day,
    timeZone: row.time_zone,
    recipients: JSON.parse(row.recipients) as string[],
    enabled: row.enabled === 1,
    nextRunAt: iso(Number(row.next_run_at)),
    lastRunAt: isoOrNull(row.last_run_at == null ? null : Number(row.last_run_at)),
    createdBy: row.created_by_name,
    createdAt: iso(Number(row.created_at)),
    deliveries: deliveries.map((d) => ({
      id: d.id,
      dueAt: iso(Number(d.due_at)),
      status: d.status as DeliveryStatus,
      recipients: JSON.parse(d.recipients) as string[],
      attempts: Number(d.attempts),
      lastError: d.last_error,
      reportId: d.report_id,
      createdAt: iso(Number(d.created_at)),
      sentAt: isoOrNull(d.sent_at == null ? null : Number(d.sent_at)),
    })),
  };
}

async function views(ctx: AppContext, rows: repo.ScheduleRow[]): Promise<ReportSchedule[]> {
  const ids = rows.map((r) => r.id);
  const tenants = await repo.scheduleTenants(ctx.db, ids);
  const deliveries = await repo.latestDeliveries(ctx.db, ids, DELIVERIES_SHOWN);
  return rows.map((r) =>
    view(
      r,
      tenants.filter((t) => t.schedule_id === r.id).map((t) => ({ id: t.tenant_id, name: t.name })),
      deliveries.filter((d) => d.schedule_id === r.id),
    ),
  );
}

/** Schedules the caller may read (their kind, in every tenant they cover). */
export async function listSchedules(ctx: AppContext, request: FastifyRequest): Promise<ReportScheduleList> {
  const readable = readableTenants(request);
  const rows = await repo.listSchedules(ctx.db, [...new Set(Object.values(readable).flat())]);
  const tenants = await repo.scheduleTenants(
    ctx.db,
    rows.map((r) => r.id),
  );
  // Every tenant of a schedule must be one where the person may read that kind of report.
  const visible = rows.filter((r) => {
    const may = readable[r.kind as ReportKind] ?? [];
    return tenants.filter((t) => t.schedule_id === r.id).every((t) => may.includes(t.tenant_id));
  });
  return { items: await views(ctx, visible), mailEnabled: Boolean(ctx.env.WATCHFLOOR_SMTP_URL) };
}

/**
 * A new schedule. The caller needs `reports.schedule` (route policy) in every tenant it covers,
 * and may name only those; no tenants means every tenant in their scope, then and at each run.
 */
export async function createSchedule(ctx: AppContext, request: FastifyRequest, body: ReportScheduleBody, createdByName: string) {
  const timeZone = canonicalTimeZone(body.timeZone);
  if (!timeZone) throw invalid("timeZone", "is not a known time zone (use an IANA name such as Europe/Berlin)");
  const scope = request.scope;
  for (const id of body.tenants) assertTenantInScope(scope, id);
  const all = body.tenants.length === 0;
  const tenantIds = all ? [...scope.tenantIds] : [...new Set(body.tenants)];
  const now = ctx.now();
  const cadence: Cadence = { cadence: body.cadence, time: body.time, weekday: body.weekday, monthDay: body.monthDay, timeZone };
  const query = new URLSearchParams({ period: body.period, tz: timeZone, ...(all ? { all: "1" } : {}) });
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertSchedule(
      trx,
      {
        id,
        name: body.name,
        kind: body.kind,
        query: query.toString(),
        cadence: body.cadence,
        at_time: body.time,
        weekday: body.weekday,
        month_day: body.monthDay,
        time_zone: timeZone,
        recipients: JSON.stringify([...new Set(body.recipients.map((r) => r.toLowerCase()))]),
        enabled: body.enabled ? 1 : 0,
        next_run_at: nextRunAfter(cadence, now),
        last_run_at: null,
        created_by: actorOf(request).userId,
        created_by_name: createdByName,
        created_at: now,
        updated_at: now,
      },
      tenantIds,
    );
  });
  await auditAll(ctx, "report.schedule_created", request, tenantIds, {
    scheduleId: id,
    name: body.name,
    kind: body.kind,
    cadence: body.cadence,
    recipients: body.recipients,
  });
  const [created] = await repo.listSchedules(ctx.db, tenantIds, id);
  if (!created) throw notFound("Schedule");
  const [result] = await views(ctx, [created]);
  return result as ReportSchedule;
}

/** A schedule the caller may manage: every tenant it covers is in their `reports.schedule` scope. */
async function manageable(ctx: AppContext, request: FastifyRequest, id: string) {
  const [row] = await repo.listSchedules(ctx.db, request.scope.memberTenantIds, id);
  if (!row) throw notFound("Schedule");
  const tenants = (await repo.scheduleTenants(ctx.db, [id])).map((t) => t.tenant_id);
  for (const tenantId of tenants) assertTenantInScope(request.scope, tenantId);
  return { row, tenants };
}

export async function setEnabled(ctx: AppContext, request: FastifyRequest, id: string, enabled: boolean) {
  const { row, tenants } = await manageable(ctx, request, id);
  const now = ctx.now();
  // Switched back on, a schedule runs at its next time from now: no burst of missed runs.
  await repo.setScheduleEnabled(ctx.db, id, enabled, enabled ? nextRunAfter(cadenceOf(row), now) : Number(row.next_run_at), now);
  await auditAll(ctx, "report.schedule_changed", request, tenants, { scheduleId: id, name: row.name, enabled });
  const [updated] = await repo.listSchedules(ctx.db, tenants, id);
  const [result] = await views(ctx, updated ? [updated] : []);
  if (!result) throw notFound("Schedule");
  return result;
}

export async function removeSchedule(ctx: AppContext, request: FastifyRequest, id: string) {
  const { row, tenants } = await manageable(ctx, request, id);
  await repo.deleteSchedule(ctx.db, id);
  await auditAll(ctx, "report.schedule_deleted", request, tenants, { scheduleId: id, name: row.name, kind: row.kind });
}

type Enqueue = (kind: string, key: string, payload: unknown) => Promise<boolean>;

/**
 * Periodic task: each due schedule becomes one run job. Its next time is moved on first, past
 * now (compare-and-set on the old time, so of several servers one moves it), so a schedule
 * missed while every server was down is made up once, not once per missed time.
 */
export async function enqueueDueSchedules(ctx: AppContext, enqueue: Enqueue): Promise<{ enqueued: number }> {
  const now = ctx.now();
  let enqueued = 0;
  for (const due of await repo.dueSchedules(ctx.db, now, 100)) {
    const dueAt = Number(due.next_run_at);
    const next = nextRunAfter(
      {
        cadence: due.cadence as ScheduleCadence,
        time: due.at_time,
        weekday: due.weekday,
        monthDay: due.month_day,
        timeZone: due.time_zone,
      },
      now,
    );
    if (!(await repo.advanceSchedule(ctx.db, due.id, dueAt, next))) continue;
    // If this server stops between the two writes, the run is lost: the job's unique key makes
    // the opposite order (enqueue first) safe against doubles but not against the same loss, so
    // the cheaper order stays; the schedule's next time shows the gap.
    if (await enqueue(REPORT_RUN_JOB, `${due.id}@${iso(dueAt)}`, { scheduleId: due.id, dueAt })) enqueued += 1;
  }
  return { enqueued };
}

async function tellCreator(ctx: AppContext, row: repo.ScheduleRow, tenantId: string | null, message: string) {
  if (!row.created_by) return;
  await insertNotification(ctx.db, {
    userId: row.created_by,
    tenantId,
    kind: "report_delivery",
    message,
    link: "/reports#schedules",
    at: ctx.now(),
  });
}

/**
 * Job: makes one scheduled report as its creator would see it now (their current roles; a
 * tenant they left is a refusal, not a silent omission), archives the PDF and queues the mail.
 */
export async function runSchedule(ctx: AppContext, enqueue: Enqueue, payload: { scheduleId: string; dueAt: number }) {
  const row = await repo.findSchedule(ctx.db, payload.scheduleId);
  if (!row) return { skipped: "the schedule was deleted" };
  const kind = row.kind as ReportKind;
  const query = new URLSearchParams(row.query);
  const all = query.get("all") === "1";
  const stored = (await repo.scheduleTenants(ctx.db, [row.id])).map((t) => t.tenant_id);
  const memberships = row.created_by ? await membershipsOf(ctx.db, row.created_by) : [];
  const permitted = memberships.filter((m) => roleCan(m.role, reportKindPermission[kind])).map((m) => m.tenantId);
  const deliveryId = newId();
  const recipients = JSON.parse(row.recipients) as string[];
  const refuse = async (reason: string) => {
    await repo.insertDelivery(ctx.db, {
      id: deliveryId,
      schedule_id: row.id,
      due_at: payload.dueAt,
      report_id: null,
      status: "not-made",
      recipients: row.recipients,
      attempts: 0,
      last_error: reason,
      created_at: ctx.now(),
      sent_at: null,
    });
    await tellCreator(ctx, row, stored[0] ?? null, `Scheduled report "${row.name}" was not made: ${reason}`);
    return { notMade: reason };
  };
  if (!row.created_by) return refuse("the person who created it no longer has an account; create it again.");
  const lost = all ? [] : stored.filter((t) => !permitted.includes(t));
  if (lost.length) return refuse(`its creator may no longer read ${reportKindLabels[kind]} in ${lost.length} of its tenants.`);
  const tenantIds = all ? permitted : stored;
  if (tenantIds.length === 0) return refuse("its creator may no longer read this report in any tenant.");
  const scope = { tenantIds, memberTenantIds: memberships.map((m) => m.tenantId), selected: null };
  const input = await reportInput(
    ctx,
    scope,
    {
      tenants: all ? undefined : tenantIds,
      period: (query.get("period") ?? "last30") as ReportSchedule["period"],
      tz: row.time_zone,
    },
    row.created_by_name,
    payload.dueAt,
  );
  const creator = memberships.length ? row.created_by : null;
  const { id: reportId } = await makeArchivedPdf(ctx, kind, input, {
    userId: creator,
    email: null,
    name: `${row.created_by_name} (schedule "${row.name}")`,
    ipAddress: null,
    scheduleId: row.id,
  });
  const mailOn = Boolean(ctx.env.WATCHFLOOR_SMTP_URL) && recipients.length > 0;
  await repo.insertDelivery(ctx.db, {
    id: deliveryId,
    schedule_id: row.id,
    due_at: payload.dueAt,
    report_id: reportId,
    status: mailOn ? "sending" : "mail-off",
    recipients: row.recipients,
    attempts: 0,
    last_error: null,
    created_at: ctx.now(),
    sent_at: null,
  });
  await repo.markScheduleRun(ctx.db, row.id, ctx.now());
  if (mailOn) await enqueue(REPORT_MAIL_JOB, deliveryId, { deliveryId });
  return { reportId, deliveryId, mail: mailOn };
}

/** Job: mails one delivery's PDF; a refusal throws so the runner retries it with backoff. */
export async function sendDelivery(ctx: AppContext, payload: { deliveryId: string }, attempt: number) {
  const delivery = await repo.findDelivery(ctx.db, payload.deliveryId);
  if (!delivery) return { skipped: "the delivery was deleted with its schedule" };
  const schedule = await repo.findSchedule(ctx.db, delivery.schedule_id);
  const file = delivery.report_id ? await archive.reportFile(ctx.db, delivery.report_id) : undefined;
  const url = ctx.env.WATCHFLOOR_SMTP_URL;
  if (!schedule || !file || !url) {
    const reason = !url ? "mail was switched off (WATCHFLOOR_SMTP_URL)" : "the archived report was deleted before it was sent";
    await repo.updateDelivery(ctx.db, delivery.id, { status: "failed", attempts: attempt, lastError: reason });
    return { failed: reason };
  }
  const recipients = JSON.parse(delivery.recipients) as string[];
  const tenants = (await repo.scheduleTenants(ctx.db, [schedule.id])).map((t) => t.tenant_id);
  try {
    await sendMail(url, ctx.env.WATCHFLOOR_SMTP_FROM, {
      to: recipients,
      subject: `${schedule.name}: ${file.file_name.replace(/\.pdf$/, "")}`,
      text: [
        `Your scheduled Watchfloor report "${schedule.name}" is attached (${file.file_name}).`,
        "",
        `It was made for ${schedule.created_by_name}'s schedule; the same report is in the archive under Reports.`,
      ].join("\n"),
      attachment: { fileName: file.file_name, content: Buffer.from(file.file) },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await repo.updateDelivery(ctx.db, delivery.id, { status: "retrying", attempts: attempt, lastError: message });
    throw error;
  }
  const now = ctx.now();
  await repo.updateDelivery(ctx.db, delivery.id, { status: "sent", attempts: attempt, lastError: null, sentAt: now });
  for (const tenantId of tenants)
    await recordAudit(ctx.db, {
      event: "report.sent",
      at: now,
      tenantId,
      actorUserId: null,
      actorEmail: null,
      details: { scheduleId: schedule.id, deliveryId: delivery.id, reportId: delivery.report_id, recipients },
    });
  return { sent: recipients.length };
}

/** After the last mail attempt: the delivery is failed, audited, and the schedule's creator told. */
export async function failDelivery(ctx: AppContext, payload: { deliveryId: string }, attempt: number, error: string) {
  const delivery = await repo.findDelivery(ctx.db, payload.deliveryId);
  if (!delivery) return;
  await repo.updateDelivery(ctx.db, delivery.id, { status: "failed", attempts: attempt, lastError: error });
  const schedule = await repo.findSchedule(ctx.db, delivery.schedule_id);
  if (!schedule) return;
  const tenants = (await repo.scheduleTenants(ctx.db, [schedule.id])).map((t) => t.tenant_id);
  for (const tenantId of tenants)
    await recordAudit(ctx.db, {
      event: "report.send_failed",
      at: ctx.now(),
      tenantId,
      actorUserId: null,
      actorEmail: null,
      details: { scheduleId: schedule.id, deliveryId: delivery.id, attempts: attempt, error },
    });
  await tellCreator(
    ctx,
    schedule,
    tenants[0] ?? null,
    `Scheduled report "${schedule.name}" could not be mailed after ${attempt} tries: ${error}`,
  );
}
