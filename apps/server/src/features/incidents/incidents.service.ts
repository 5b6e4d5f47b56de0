import {
  allowedMoves,
  type IncidentDetail,
  type IncidentListQuery,
  type IncidentStatus,
  type Priority,
  type BulkResult,
  type TransitionBody,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { recordEvent } from "../../db/automation-outbox.repository";
import type { AlertsTable } from "../../db/tables";
import type { DomainEvent } from "../../lib/events";
import { assertTenantInScope } from "../../http/tenant-scope";
import { invalid, notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { iso } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { decodeSortCursor, encodeSortCursor } from "../../http/cursor";
import type { Doer } from "../../http/actor";
import { memberOf } from "../users/users.repository";
import { transitionChanges } from "../alerts/alerts.service";
import { findAlert } from "../alerts/alerts.repository";
import { addTimeline, listTimeline } from "../timeline/timeline.repository";
import { markAlertsChanged } from "../rollups/rollup-refresher";
import { incidentCursorSort, incidentPage } from "./incident-list.repository";
import { incidentReference } from "@watchfloor/shared";
import * as repo from "./incidents.repository";

type Row = NonNullable<Awaited<ReturnType<typeof repo.findIncident>>>;

export const toSummary = (row: Row) => ({
  id: row.id,
  tenantId: row.tenant_id,
  tenantName: row.tenant_name,
  number: row.number,
  reference: incidentReference(row.tenant_slug, row.number),
  title: row.title,
  priority: row.priority as Priority,
  status: row.status as IncidentStatus,
  ownerUserId: row.owner_user_id,
  ownerName: row.owner_name,
  alertCount: Number(row.alert_count ?? 0),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

async function checkOwner(ctx: AppContext, tenantId: string, ownerUserId: string | null | undefined) {
  if (!ownerUserId) return;
  const member = await memberOf(ctx.db, tenantId, ownerUserId);
  if (!member || member.role === "executive") throw invalid("ownerUserId", "is not an analyst of this tenant");
}

async function alertsInTenant(ctx: AppContext, scope: TenantScope, tenantId: string, ids: string[]): Promise<AlertsTable[]> {
  const rows: AlertsTable[] = [];
  for (const id of new Set(ids)) {
    const alert = await findAlert(ctx.db, scope.tenantIds, id);
    if (!alert) throw notFound("One or more alerts");
    if (alert.tenant_id !== tenantId) throw invalid("alertIds", "An incident holds alerts of its own tenant only.");
    rows.push(alert);
  }
  return rows;
}

export async function createIncident(
  ctx: AppContext,
  scope: TenantScope,
  doer: Doer,
  body: {
    tenantId: string;
    title: string;
    description?: string;
    priority: Priority;
    ownerUserId?: string | null;
    alertIds: string[];
  },
) {
  assertTenantInScope(scope, body.tenantId);
  await checkOwner(ctx, body.tenantId, body.ownerUserId);
  const alerts = await alertsInTenant(ctx, scope, body.tenantId, body.alertIds);
  const now = ctx.now();
  const id = newId();
  const created: DomainEvent = { type: "incident.created", tenantId: body.tenantId, ids: [id], byAutomation: doer.automated };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertIncident(trx, {
      id,
      tenant_id: body.tenantId,
      number: await repo.nextIncidentNumber(trx, body.tenantId),
      title: body.title,
      description: body.description ?? null,
      priority: body.priority,
      status: "Open",
      owner_user_id: body.ownerUserId ?? null,
      root_cause: null,
      resolution_type: null,
      closure_notes: null,
      ticket_id: null,
      created_by: doer.userId,
      created_at: now,
      updated_at: now,
      acknowledged_at: null,
      responded_at: null,
      resolved_at: null,
      closed_at: null,
    });
    await escalateInto(trx, body.tenantId, id, alerts, doer, now);
    await addTimeline(trx, [
      {
        tenantId: body.tenantId,
        subjectType: "incident",
        subjectId: id,
        at: now,
        actorUserId: doer.userId,
        actorName: doer.name,
        kind: "created",
        changes: { alerts: alerts.length },
      },
    ]);
    await recordEvent(trx, created, now);
  });
  ctx.events.publish({ tenantId: body.tenantId, kind: "incident", ids: [id], action: "created" });
  ctx.events.emit(created);
  return getIncident(ctx, scope, id);
}

async function escalateInto(
  trx: Parameters<typeof repo.linkAlerts>[0],
  tenantId: string,
  incidentId: string,
  alerts: AlertsTable[],
  doer: Doer,
  now: number,
) {
  if (alerts.length === 0) return;
  await repo.linkAlerts(
    trx,
    tenantId,
    incidentId,
    alerts.map((a) => a.id),
    now,
  );
  await markAlertsChanged(trx, tenantId, alerts);
  await addTimeline(trx, [
    ...alerts.map((a) => ({
      tenantId,
      subjectType: "alert" as const,
      subjectId: a.id,
      at: now,
      actorUserId: doer.userId,
      actorName: doer.name,
      kind: "escalated" as const,
      changes: { incidentId },
    })),
    {
      tenantId,
      subjectType: "incident",
      subjectId: incidentId,
      at: now,
      actorUserId: doer.userId,
      actorName: doer.name,
      kind: "linked",
      changes: { alertIds: alerts.map((a) => a.id) },
    },
  ]);
}

/** Escalates alerts into an existing incident, or into a new one named after the first alert. */
export async function escalate(
  ctx: AppContext,
  scope: TenantScope,
  doer: Doer,
  body: { alertIds: string[]; incidentId?: string },
) {
  const first = await findAlert(ctx.db, scope.tenantIds, body.alertIds[0] ?? "");
  if (!first) throw notFound("One or more alerts");
  if (!body.incidentId) {
    const highest = (await alertsInTenant(ctx, scope, first.tenant_id, body.alertIds)).reduce((a, b) =>
      b.priority_rank > a.priority_rank ? b : a,
    );
    return createIncident(ctx, scope, doer, {
      tenantId: first.tenant_id,
      title: first.name,
      priority: highest.priority as Priority,
      alertIds: body.alertIds,
    });
  }
  const incident = await repo.findIncident(ctx.db, scope.tenantIds, body.incidentId);
  if (!incident) throw notFound("Incident");
  const alerts = await alertsInTenant(ctx, scope, incident.tenant_id, body.alertIds);
  const now = ctx.now();
  await ctx.db.transaction().execute((trx) => escalateInto(trx, incident.tenant_id, incident.id, alerts, doer, now));
  ctx.events.publish({ tenantId: incident.tenant_id, kind: "alert", ids: alerts.map((a) => a.id), action: "updated" });
  return getIncident(ctx, scope, incident.id);
}

/** One keyset page of the incidents list; a cursor continues only the sort it was issued for. */
export async function listIncidents(ctx: AppContext, scope: TenantScope, query: IncidentListQuery) {
  const cursor = decodeSortCursor(query.cursor, incidentCursorSort(query));
  const rows = await incidentPage(ctx.db, scope.tenantIds, query, cursor);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toSummary),
    nextCursor: rows.length > query.limit && last ? encodeSortCursor(query, { v: last.sort_value, id: last.id }) : null,
  };
}

export async function getIncident(ctx: AppContext, scope: TenantScope, id: string): Promise<IncidentDetail> {
  const row = await repo.findIncident(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Incident");
  const [alerts, timeline] = await Promise.all([
    repo.linkedAlerts(ctx.db, row.tenant_id, id),
    listTimeline(ctx.db, row.tenant_id, "incident", id),
  ]);
  return {
    incident: {
      ...toSummary(row),
      description: row.description,
      rootCause: row.root_cause,
      resolutionType: row.resolution_type,
      closureNotes: row.closure_notes,
      ticketId: row.ticket_id,
    },
    allowedMoves: allowedMoves(row.status as IncidentStatus),
    alerts: alerts.map((a) => ({
      id: a.id,
      name: a.name,
      priority: a.priority as Priority,
      status: a.status as IncidentStatus,
      source: a.source,
      detectedAt: iso(a.detected_at),
    })),
    timeline: timeline.map((t) => ({
      id: t.id,
      at: iso(t.at),
      actorName: t.actor_name,
      kind: t.kind,
      changes: JSON.parse(t.changes) as Record<string, unknown>,
      comment: t.comment,
    })),
  };
}

export async function transitionIncident(ctx: AppContext, scope: TenantScope, doer: Doer, id: string, body: TransitionBody) {
  const row = await repo.findIncident(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Incident");
  const now = ctx.now();
  const changes = transitionChanges(row.status as IncidentStatus, body, row, now);
  const event: DomainEvent = {
    type: "incident.changed",
    tenantId: row.tenant_id,
    ids: [id],
    changed: ["status"],
    byAutomation: doer.automated,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateIncident(trx, id, changes as never);
    await addTimeline(trx, [
      {
        tenantId: row.tenant_id,
        subjectType: "incident",
        subjectId: id,
        at: now,
        actorUserId: doer.userId,
        actorName: doer.name,
        kind: "status",
        changes: { status: [row.status, body.status] },
        comment: body.comment ?? null,
      },
    ]);
    await recordEvent(trx, event, now);
  });
  ctx.events.publish({ tenantId: row.tenant_id, kind: "incident", ids: [id], action: "updated" });
  ctx.events.emit(event);
  return getIncident(ctx, scope, id);
}

export async function updateIncidentFields(
  ctx: AppContext,
  scope: TenantScope,
  doer: Doer,
  id: string,
  body: {
    title?: string;
    description?: string;
    priority?: Priority;
    ownerUserId?: string | null;
    rootCause?: string;
    ticketId?: string;
    resolutionType?: "Manual" | "Automated";
  },
) {
  const row = await repo.findIncident(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Incident");
  await checkOwner(ctx, row.tenant_id, body.ownerUserId);
  const now = ctx.now();
  const changes = {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.priority !== undefined ? { priority: body.priority } : {}),
    ...(body.ownerUserId !== undefined ? { owner_user_id: body.ownerUserId } : {}),
    ...(body.rootCause !== undefined ? { root_cause: body.rootCause } : {}),
    ...(body.ticketId !== undefined ? { ticket_id: body.ticketId } : {}),
    ...(body.resolutionType !== undefined ? { resolution_type: body.resolutionType } : {}),
  };
  const changed = [
    ...(body.priority !== undefined && body.priority !== row.priority ? ["priority"] : []),
    ...(body.ownerUserId !== undefined && body.ownerUserId !== row.owner_user_id ? ["owner"] : []),
  ];
  const event: DomainEvent = {
    type: "incident.changed",
    tenantId: row.tenant_id,
    ids: [id],
    changed,
    byAutomation: doer.automated,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateIncident(trx, id, { ...changes, updated_at: now });
    await addTimeline(trx, [
      {
        tenantId: row.tenant_id,
        subjectType: "incident",
        subjectId: id,
        at: now,
        actorUserId: doer.userId,
        actorName: doer.name,
        kind: "updated",
        changes: body,
      },
    ]);
    // Rules answer only a new priority or owner.
    if (changed.length) await recordEvent(trx, event, now);
  });
  if (changed.length) ctx.events.emit(event);
  return getIncident(ctx, scope, id);
}

export async function commentOnIncident(ctx: AppContext, scope: TenantScope, doer: Doer, id: string, comment: string) {
  const row = await repo.findIncident(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Incident");
  await addTimeline(ctx.db, [
    {
      tenantId: row.tenant_id,
      subjectType: "incident",
      subjectId: id,
      at: ctx.now(),
      actorUserId: doer.userId,
      actorName: doer.name,
      kind: "comment",
      comment,
    },
  ]);
  return getIncident(ctx, scope, id);
}

/**
 * One action on many incidents (the list's bulk bar): every id must be visible (or nothing
 * happens); each incident then succeeds or fails on its own, through the same rules as one
 * at a time (an owner from the tenant, a workflow step the status allows).
 */
export async function bulkIncidents(
  ctx: AppContext,
  scope: TenantScope,
  doer: Doer,
  ids: string[],
  action:
    | { type: "assign"; ownerUserId: string | null }
    | { type: "priority"; priority: Priority }
    | ({ type: "status" } & TransitionBody),
): Promise<BulkResult> {
  const unique = [...new Set(ids)];
  for (const id of unique) if (!(await repo.findIncident(ctx.db, scope.tenantIds, id))) throw notFound("One or more incidents");
  const results: BulkResult["results"] = [];
  for (const id of unique) {
    try {
      if (action.type === "assign") await updateIncidentFields(ctx, scope, doer, id, { ownerUserId: action.ownerUserId });
      else if (action.type === "priority") await updateIncidentFields(ctx, scope, doer, id, { priority: action.priority });
      else await transitionIncident(ctx, scope, doer, id, action);
      results.push({ id, ok: true });
    } catch (error) {
      results.push({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { updated: results.filter((r) => r.ok).length, results };
}
