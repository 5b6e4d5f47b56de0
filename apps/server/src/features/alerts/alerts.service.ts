import {
  type AlertDetailResponse,
  type AlertListQuery,
  type BulkResult,
  allowedMoves,
  closeNeedsResolution,
  errorCodes,
  type IncidentStatus,
  type Priority,
  priorityRank,
  type TransitionBody,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { recordEvent } from "../../db/automation-outbox.repository";
import type { AlertsTable } from "../../db/tables";
import type { DomainEvent } from "../../lib/events";
import { AppError, invalid, notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { iso } from "../../lib/time";
import { describeTechniques } from "../attack/attack.service";
import { markAlertsChanged } from "../rollups/rollup-refresher";
import { decodeSortCursor, encodeSortCursor } from "../../http/cursor";
import { alertCursorSort, cursorValue } from "./alert-list.repository";
import { planList } from "./alert-list-plan.repository";
import { alertPage } from "./alert-page.repository";
import { toDetail, toSummary } from "./alert-view";
import * as repo from "./alerts.repository";
import { addTimeline, listTimeline } from "../timeline/timeline.repository";
import type { Doer } from "../../http/actor";
import { insertNotification } from "../notifications/notifications.repository";
import { memberOf } from "../users/users.repository";
import { dueTimes, policyFor } from "./sla";
import { slaPolicies } from "./sla-policies.repository";

export async function listAlerts(ctx: AppContext, scope: TenantScope, query: AlertListQuery) {
  const now = ctx.now();
  const cursor = decodeSortCursor(query.cursor, alertCursorSort(query));
  const plan = await planList(ctx.db, scope.tenantIds, query, now);
  const rows = await alertPage(ctx.db, scope.tenantIds, query, now, cursor, plan);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toSummary(r, now)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeSortCursor(query, { v: cursorValue(last, query.sort), id: last.id, seq: last.seq ?? undefined })
        : null,
  };
}

export async function getAlert(ctx: AppContext, scope: TenantScope, id: string): Promise<AlertDetailResponse> {
  const row = await repo.findAlert(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Alert");
  const now = ctx.now();
  const [timeline, related, techniques] = await Promise.all([
    listTimeline(ctx.db, row.tenant_id, "alert", row.id),
    repo.relatedAlerts(ctx.db, row.tenant_id, row),
    describeTechniques(ctx, JSON.parse(row.mitre_techniques) as string[]),
  ]);
  return {
    alert: toDetail(row, now),
    allowedMoves: allowedMoves(row.status as IncidentStatus),
    techniques,
    timeline: [
      {
        id: `${row.id}-created`,
        at: iso(row.created_at),
        actorName: row.ingested_by,
        kind: "created",
        changes: { source: row.source, sourceId: row.source_id },
        comment: null,
      },
      ...timeline.map((t) => ({
        id: t.id,
        at: iso(t.at),
        actorName: t.actor_name,
        kind: t.kind,
        changes: JSON.parse(t.changes) as Record<string, unknown>,
        comment: t.comment,
      })),
    ],
    related: related.map((r) => ({
      id: r.id,
      name: r.name,
      priority: r.priority as Priority,
      status: r.status as IncidentStatus,
      detectedAt: iso(r.detected_at),
      reason: r.reason,
    })),
  };
}

/** The date columns a move sets from the clock; clients never send them. */
export function transitionChanges(
  from: IncidentStatus,
  body: TransitionBody,
  row: Pick<AlertsTable, "acknowledged_at" | "responded_at" | "resolved_at">,
  now: number,
): Partial<AlertsTable> {
  const to = body.status;
  if (!allowedMoves(from).includes(to)) {
    throw new AppError(409, errorCodes.conflict, `An alert cannot move from ${from} to ${to}.`, [
      { path: "status", message: `allowed: ${allowedMoves(from).join(", ") || "none"}` },
    ]);
  }
  const changes: Partial<AlertsTable> = { status: to, updated_at: now };
  if (to === "Acknowledged") changes.acknowledged_at = row.acknowledged_at ?? now;
  if (to === "In Progress") {
    changes.responded_at = row.responded_at ?? now;
    if (from === "Resolved" || from === "Closed") Object.assign(changes, { resolved_at: null, closed_at: null });
  }
  if (to === "Resolved") changes.resolved_at = now;
  if (to === "Closed") {
    if (closeNeedsResolution(from) && !body.resolutionType)
      throw invalid("resolutionType", "Closing an open alert needs a resolution type.");
    changes.closed_at = now;
    changes.resolved_at = row.resolved_at ?? now;
  }
  if (body.resolutionType) changes.resolution_type = body.resolutionType;
  if (body.closureNotes) changes.closure_notes = body.closureNotes;
  if (body.rootCause) changes.root_cause = body.rootCause;
  return changes;
}

export async function transitionAlert(ctx: AppContext, scope: TenantScope, doer: Doer, id: string, body: TransitionBody) {
  const row = await repo.findAlert(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Alert");
  await applyTransition(ctx, doer, row, body);
  return getAlert(ctx, scope, id);
}

/**
 * One change to one alert, as every workflow write makes it: the row, its rollup leaves, a
 * timeline entry and the automation event in one transaction (plus `more` inside it), then the
 * live feed and a wake-up for automation.
 */
async function writeAlertChange(
  ctx: AppContext,
  doer: Doer,
  row: AlertsTable,
  change: {
    columns: Partial<AlertsTable>;
    kind: "status" | "assigned" | "updated";
    changes: Record<string, unknown>;
    comment?: string | null;
    field: "status" | "assignee" | "priority";
    more?: (trx: Parameters<typeof repo.updateAlert>[0]) => Promise<void>;
  },
): Promise<void> {
  const event: DomainEvent = {
    type: "alert.changed",
    tenantId: row.tenant_id,
    ids: [row.id],
    changed: [change.field],
    byAutomation: doer.automated,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateAlert(trx, row.id, change.columns);
    await markAlertsChanged(trx, row.tenant_id, [row]);
    await addTimeline(trx, [
      {
        tenantId: row.tenant_id,
        subjectType: "alert",
        subjectId: row.id,
        at: ctx.now(),
        actorUserId: doer.userId,
        actorName: doer.name,
        kind: change.kind,
        changes: change.changes,
        comment: change.comment ?? null,
      },
    ]);
    await change.more?.(trx);
    await recordEvent(trx, event, ctx.now());
  });
  ctx.events.publish({ tenantId: row.tenant_id, kind: "alert", ids: [row.id], action: "updated" });
  ctx.events.emit(event);
}

async function applyTransition(ctx: AppContext, doer: Doer, row: AlertsTable, body: TransitionBody) {
  const from = row.status as IncidentStatus;
  await writeAlertChange(ctx, doer, row, {
    columns: transitionChanges(from, body, row, ctx.now()),
    kind: "status",
    changes: { status: [from, body.status], ...(body.resolutionType ? { resolutionType: body.resolutionType } : {}) },
    comment: body.comment,
    field: "status",
  });
}

export async function assignAlert(ctx: AppContext, scope: TenantScope, doer: Doer, id: string, assigneeUserId: string | null) {
  const row = await repo.findAlert(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Alert");
  await applyAssignment(ctx, doer, row, assigneeUserId);
  return getAlert(ctx, scope, id);
}

async function applyAssignment(ctx: AppContext, doer: Doer, row: AlertsTable, assigneeUserId: string | null) {
  let name: string | null = null;
  if (assigneeUserId) {
    const member = await memberOf(ctx.db, row.tenant_id, assigneeUserId);
    if (!member || member.role === "executive") throw invalid("assigneeUserId", "is not an analyst of this alert's tenant");
    name = member.displayName;
  }
  const now = ctx.now();
  await writeAlertChange(ctx, doer, row, {
    columns: {
      assignee: name,
      assignee_user_id: assigneeUserId,
      assigned_at: assigneeUserId ? now : row.assigned_at,
      updated_at: now,
    },
    kind: "assigned",
    changes: { assignee: [row.assignee, name] },
    field: "assignee",
    more: async (trx) => {
      if (assigneeUserId && assigneeUserId !== doer.userId)
        await insertNotification(trx, {
          userId: assigneeUserId,
          tenantId: row.tenant_id,
          kind: "assignment",
          message: `${doer.name} assigned you the alert "${row.name.slice(0, 120)}".`,
          link: `/dashboard/incidents/alerts/${row.id}`,
          at: now,
        });
    },
  });
}

/**
 * A new priority, with the SLA due times the tenant's policy gives it (counted from detection,
 * as at ingest). Automation's "set priority" action; the timeline names who changed it.
 */
export async function reprioritiseAlert(ctx: AppContext, scope: TenantScope, doer: Doer, id: string, priority: Priority) {
  const row = await repo.findAlert(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Alert");
  if (row.priority === priority) return false;
  const due = dueTimes(row.detected_at, policyFor(priority, await slaPolicies(ctx.db, row.tenant_id)));
  await writeAlertChange(ctx, doer, row, {
    columns: {
      priority,
      priority_rank: priorityRank[priority],
      ack_due_at: due.ackDueAt,
      respond_due_at: due.respondDueAt,
      resolve_due_at: due.resolveDueAt,
      updated_at: ctx.now(),
    },
    kind: "updated",
    changes: { priority: [row.priority, priority] },
    field: "priority",
  });
  return true;
}

export async function commentOnAlert(ctx: AppContext, scope: TenantScope, doer: Doer, id: string, comment: string) {
  const row = await repo.findAlert(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Alert");
  await addTimeline(ctx.db, [
    {
      tenantId: row.tenant_id,
      subjectType: "alert",
      subjectId: row.id,
      at: ctx.now(),
      actorUserId: doer.userId,
      actorName: doer.name,
      kind: "comment",
      comment,
    },
  ]);
  return getAlert(ctx, scope, id);
}

/** Applies one action to many alerts; each succeeds or fails on its own (e.g. an illegal move), with the reason. */
export async function bulkAlerts(
  ctx: AppContext,
  scope: TenantScope,
  doer: Doer,
  ids: string[],
  action: { type: "assign"; assigneeUserId: string | null } | ({ type: "status" } & TransitionBody),
): Promise<BulkResult> {
  const rows = [];
  for (const id of new Set(ids)) {
    const row = await repo.findAlert(ctx.db, scope.tenantIds, id);
    // All or nothing on visibility: an unknown id is never echoed back.
    if (!row) throw notFound("One or more alerts");
    rows.push(row);
  }
  const results: { id: string; ok: boolean; error?: string }[] = [];
  for (const row of rows) {
    const id = row.id;
    try {
      if (action.type === "assign") await applyAssignment(ctx, doer, row, action.assigneeUserId);
      else await applyTransition(ctx, doer, row, action);
      results.push({ id, ok: true });
    } catch (error) {
      results.push({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { updated: results.filter((r) => r.ok).length, results };
}
