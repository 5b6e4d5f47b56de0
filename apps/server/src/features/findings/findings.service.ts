import {
  allowedFindingMoves,
  checkFindingMove,
  errorCodes,
  type FindingBulkBody,
  type FindingListQuery,
  type FindingStatus,
  type FindingStatusBody,
} from "@watchfloor/shared";
import type { Transaction } from "kysely";
import type { AppContext } from "../../context";
import type { DB, FindingsTable } from "../../db/tables";
import { AppError, invalid, notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { iso, isoOrNull } from "../../lib/time";
import { decodeSortCursor, encodeSortCursor } from "../../http/cursor";
import type { Doer } from "../../http/actor";
import { insertNotification } from "../notifications/notifications.repository";
import { addTimeline, listTimeline, type TimelineEntry } from "../timeline/timeline.repository";
import { type FindingRow, toFindingDetail, toFindingSummary } from "./finding-view";
import { findingCursorSort, planFindingList, sortedFindingPage } from "./findings-list.repository";
import * as repo from "./findings.repository";

/** Where the web app shows one finding; notifications link here. */
export const findingLink = (id: string) => `/dashboard/risk/vulnerabilities/findings/${id}`;

export async function listFindings(ctx: AppContext, scope: TenantScope, query: FindingListQuery) {
  const now = ctx.now();
  const cursor = decodeSortCursor(query.cursor, findingCursorSort(query));
  const plan = await planFindingList(ctx.db, scope.tenantIds, query, now);
  const rows = await sortedFindingPage(ctx.db, scope.tenantIds, query, now, cursor, plan);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toFindingSummary(r, now)),
    nextCursor: rows.length > query.limit && last ? encodeSortCursor(query, { v: last.sort_value, id: last.id }) : null,
  };
}

export async function getFinding(ctx: AppContext, scope: TenantScope, id: string) {
  const row = await repo.findFinding(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Finding");
  const [sources, timeline] = await Promise.all([
    repo.findingSources(ctx.db, row.tenant_id, row.id),
    listTimeline(ctx.db, row.tenant_id, "finding", row.id),
  ]);
  const entries = timeline.map((t) => ({
    id: t.id,
    at: iso(t.at),
    actorName: t.actor_name,
    kind: t.kind,
    changes: JSON.parse(t.changes) as Record<string, unknown>,
    comment: t.comment,
  }));
  // The importer records what scans did to a finding; its arrival is the row itself.
  const created = {
    id: `${row.id}-created`,
    at: iso(row.created_at),
    actorName: null,
    kind: "created",
    changes: { services: JSON.parse(row.services) as unknown },
    comment: null,
  };
  return {
    finding: toFindingDetail(row, ctx.now()),
    sources: sources.map((s) => ({
      scanner: s.scanner,
      scannerFindingId: s.scanner_finding_id,
      firstSeenAt: isoOrNull(s.first_seen),
      lastSeenAt: isoOrNull(s.last_seen),
    })),
    allowedMoves: allowedFindingMoves(row.status as FindingStatus),
    timeline: entries.some((e) => e.kind === "created") ? entries : [created, ...entries],
  };
}

/**
 * The columns a status change writes; dates come from the clock, never the client. An illegal
 * move is a conflict with the finding's current state (409, with the allowed moves); a missing
 * close reason is a field error (400).
 */
export function statusChanges(row: Pick<FindingsTable, "status">, body: FindingStatusBody, now: number): Partial<FindingsTable> {
  const from = row.status as FindingStatus;
  const check = checkFindingMove(from, body.status, body.closeReason);
  if (!check.ok && check.field === "status") throw moveConflict(from, `A finding cannot move from ${from} to ${body.status}.`);
  if (!check.ok) throw invalid(check.field, check.reason);
  const changes: Partial<FindingsTable> = { status: body.status, updated_at: now };
  if (body.status === "Closed") Object.assign(changes, { closed_at: now, close_reason: body.closeReason ?? null });
  if (from === "Closed") Object.assign(changes, { closed_at: null, close_reason: null });
  return changes;
}

const moveConflict = (from: FindingStatus, message: string) =>
  new AppError(409, errorCodes.conflict, message, [
    { path: "status", message: `allowed: ${allowedFindingMoves(from).join(", ") || "none"}` },
  ]);

const statusEntry = (row: FindingRow, doer: Doer, body: FindingStatusBody, now: number): TimelineEntry => ({
  tenantId: row.tenant_id,
  subjectType: "finding",
  subjectId: row.id,
  at: now,
  actorUserId: doer.userId,
  actorName: doer.name,
  kind: "status",
  changes: { status: [row.status, body.status], ...(body.closeReason ? { closeReason: body.closeReason } : {}) },
  comment: body.comment ?? null,
});

/**
 * Moves one finding from the status read before; if someone changed it since, the update matches
 * nothing and the caller hears what is allowed from the status it has now.
 */
async function moveFrom(trx: Transaction<DB>, row: FindingRow, body: FindingStatusBody, now: number): Promise<void> {
  if (await repo.updateFindingStatus(trx, row.tenant_id, row.id, row.status, statusChanges(row, body, now))) return;
  const current = await repo.findFinding(trx, [row.tenant_id], row.id);
  if (!current) throw notFound("Finding");
  throw moveConflict(
    current.status as FindingStatus,
    `The finding changed from ${row.status} to ${current.status} meanwhile; it was not moved to ${body.status}.`,
  );
}

async function applyStatus(ctx: AppContext, doer: Doer, row: FindingRow, body: FindingStatusBody) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await moveFrom(trx, row, body, now);
    await addTimeline(trx, [statusEntry(row, doer, body, now)]);
  });
}

/**
 * Moves findings of one tenant inside the caller's transaction, all or nothing: a finding that is
 * gone, or moved meanwhile, fails the whole change with the reason (a risk acceptance closes its
 * findings in the transaction that records it).
 */
export async function moveFindingsInTransaction(
  trx: Transaction<DB>,
  now: number,
  doer: Doer,
  tenantId: string,
  ids: readonly string[],
  body: FindingStatusBody,
): Promise<void> {
  const found = new Map((await repo.findFindings(trx, [tenantId], ids)).map((r) => [r.id, r]));
  const rows = [...new Set(ids)].map((id) => found.get(id));
  if (!rows.every((r) => r !== undefined)) throw notFound("One or more findings");
  for (const row of rows) await moveFrom(trx, row, body, now);
  await addTimeline(
    trx,
    rows.map((row) => statusEntry(row, doer, body, now)),
  );
}

async function applyAssignment(ctx: AppContext, doer: Doer, row: FindingRow, assigneeUserId: string | null) {
  let name: string | null = null;
  if (assigneeUserId) {
    const member = await repo.assignableMember(ctx.db, row.tenant_id, assigneeUserId);
    if (!member) throw invalid("assigneeUserId", "is not an analyst of this finding's tenant");
    name = member.displayName;
  }
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateFinding(trx, row.tenant_id, row.id, { assignee: name, assignee_user_id: assigneeUserId, updated_at: now });
    await addTimeline(trx, [
      {
        tenantId: row.tenant_id,
        subjectType: "finding",
        subjectId: row.id,
        at: now,
        actorUserId: doer.userId,
        actorName: doer.name,
        kind: "assigned",
        changes: { assignee: [row.assignee, name] },
      },
    ]);
    if (assigneeUserId && assigneeUserId !== doer.userId) {
      await insertNotification(trx, {
        userId: assigneeUserId,
        tenantId: row.tenant_id,
        kind: "assignment",
        message: `${doer.name} assigned you the finding "${row.title.slice(0, 100)}" on ${row.asset_key ?? "an asset"}.`,
        link: findingLink(row.id),
        at: now,
      });
    }
  });
}

async function inScope(ctx: AppContext, scope: TenantScope, id: string): Promise<FindingRow> {
  const row = await repo.findFinding(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Finding");
  return row;
}

export async function changeFindingStatus(ctx: AppContext, scope: TenantScope, doer: Doer, id: string, body: FindingStatusBody) {
  await applyStatus(ctx, doer, await inScope(ctx, scope, id), body);
  return getFinding(ctx, scope, id);
}

export async function assignFinding(ctx: AppContext, scope: TenantScope, doer: Doer, id: string, assigneeUserId: string | null) {
  await applyAssignment(ctx, doer, await inScope(ctx, scope, id), assigneeUserId);
  return getFinding(ctx, scope, id);
}

export async function commentOnFinding(ctx: AppContext, scope: TenantScope, doer: Doer, id: string, comment: string) {
  const row = await inScope(ctx, scope, id);
  await addTimeline(ctx.db, [
    {
      tenantId: row.tenant_id,
      subjectType: "finding",
      subjectId: row.id,
      at: ctx.now(),
      actorUserId: doer.userId,
      actorName: doer.name,
      kind: "comment",
      comment,
    },
  ]);
  return getFinding(ctx, scope, id);
}

/** One action on many findings; each succeeds or fails on its own (an illegal move), with the reason. */
export async function bulkFindings(ctx: AppContext, scope: TenantScope, doer: Doer, body: FindingBulkBody) {
  const ids = [...new Set(body.ids)];
  const rows = await repo.findFindings(ctx.db, scope.tenantIds, ids);
  // All or nothing on visibility: an id outside the caller's scope is never echoed back.
  if (rows.length !== ids.length) throw notFound("One or more findings");
  const byId = new Map(rows.map((r) => [r.id, r]));
  const results: { id: string; ok: boolean; error?: string }[] = [];
  for (const id of ids) {
    const row = byId.get(id) as FindingRow;
    try {
      if (body.action.type === "assign") await applyAssignment(ctx, doer, row, body.action.assigneeUserId);
      else await applyStatus(ctx, doer, row, body.action);
      results.push({ id, ok: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({
        id,
        ok: false,
        error: `${error.message}${error.details?.length ? ` (${error.details.map((d) => `${d.path} ${d.message}`).join("; ")})` : ""}`,
      });
    }
  }
  return { updated: results.filter((r) => r.ok).length, results };
}
