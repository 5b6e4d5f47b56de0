import {
  type ComplianceException,
  type complianceExceptionBodySchema,
  complianceExceptionMaxDays,
  type ComplianceTargetKind,
} from "@watchfloor/shared";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { ComplianceExceptionsTable } from "../../db/tables";
import { actorOf } from "../../http/auth-guard";
import { userDisplayName } from "../../http/credentials.repository";
import { conflict, invalid, notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { ingestTenant } from "../../http/tenant-scope";
import { iso } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { yieldToEventLoop } from "../../lib/yield";
import { recordAudit } from "../audit/audit.repository";
import { notifyDue } from "../notifications/notify-due";
import * as repo from "./compliance-exceptions.repository";

const DAY = 86_400_000;
const BATCH = 200;

/** Where the web app shows a control across targets (apps/web config/paths.ts compliance.control). */
export const complianceControlLink = (tool: string, controlId: string) =>
  `/compliance/controls/${encodeURIComponent(tool)}/${encodeURIComponent(controlId)}`;

type Row = ComplianceExceptionsTable & { covers?: number | string | bigint | null };

function view(row: Row, now: number): ComplianceException {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    tool: row.tool,
    controlId: row.control_id,
    title: row.title,
    targetKind: row.target_kind as ComplianceTargetKind | null,
    targetId: row.target_id,
    resourceId: row.resource_id,
    reason: row.reason,
    approvedBy: { id: row.approved_by, name: row.approved_by_name },
    createdAt: iso(Number(row.created_at)),
    expiresAt: iso(Number(row.expires_at)),
    revokedAt: row.revoked_at === null ? null : iso(Number(row.revoked_at)),
    state: row.revoked_at !== null ? "revoked" : Number(row.expires_at) <= now ? "expired" : "active",
    covers: Number(row.covers ?? 0),
  };
}

export async function listExceptions(ctx: AppContext, scope: TenantScope, filter: repo.ExceptionFilter) {
  const now = ctx.now();
  return { items: (await repo.listExceptions(ctx.db, scope.tenantIds, filter, now)).map((r) => view(r, now)) };
}

/**
 * Accepts a failing control as an exception. The one who accepts it (an owner or admin: the
 * `risk.accept` permission) is its approver; the expiry is in the future and at most a year away,
 * so every exception comes back up for review.
 */
export async function createException(
  ctx: AppContext,
  scope: TenantScope,
  request: FastifyRequest,
  body: z.output<typeof complianceExceptionBodySchema>,
): Promise<ComplianceException> {
  const tenantId = ingestTenant(scope, body.tenantId);
  const now = ctx.now();
  const expiresAt = Date.parse(body.expiresAt);
  if (expiresAt <= now) throw invalid("expiresAt", "must be in the future");
  if (expiresAt > now + complianceExceptionMaxDays * DAY)
    throw invalid("expiresAt", `must be at most ${complianceExceptionMaxDays} days away: exceptions come back for review`);
  const title = await repo.controlTitle(ctx.db, tenantId, body.tool, body.controlId);
  if (title === undefined) throw invalid("controlId", `no ${body.tool} result for this control in this tenant`);
  const actor = actorOf(request);
  const row: ComplianceExceptionsTable = {
    id: newId(),
    tenant_id: tenantId,
    tool: body.tool,
    control_id: body.controlId,
    title,
    target_kind: body.targetId ? (body.targetKind ?? null) : null,
    target_id: body.targetId ?? null,
    resource_id: body.resourceId ?? null,
    reason: body.reason,
    approved_by: actor.userId,
    approved_by_name: (await userDisplayName(ctx.db, actor.userId)) ?? actor.email,
    created_at: now,
    expires_at: expiresAt,
    revoked_at: null,
    revoked_by_name: null,
    expiry_notified_at: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertException(trx, row);
    await recordAudit(trx, {
      event: "compliance.exception_created",
      at: now,
      tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ipAddress: request.ip,
      details: {
        exceptionId: row.id,
        tool: row.tool,
        controlId: row.control_id,
        targetId: row.target_id,
        resourceId: row.resource_id,
        expiresAt: iso(expiresAt),
        reason: row.reason,
      },
    });
  });
  const stored = (await repo.listExceptions(ctx.db, [tenantId], { controlId: row.control_id, tool: row.tool }, now)).find(
    (r) => r.id === row.id,
  );
  return view(stored ?? row, now);
}

export async function revokeException(ctx: AppContext, scope: TenantScope, request: FastifyRequest, id: string) {
  const row = await repo.findException(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Exception");
  const actor = actorOf(request);
  const now = ctx.now();
  const name = (await userDisplayName(ctx.db, actor.userId)) ?? actor.email;
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.revokeException(trx, id, now, name))) throw conflict("This exception is no longer in force.");
    await recordAudit(trx, {
      event: "compliance.exception_revoked",
      at: now,
      tenantId: row.tenant_id,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ipAddress: request.ip,
      details: { exceptionId: id, tool: row.tool, controlId: row.control_id },
    });
  });
  return view({ ...row, revoked_at: now, revoked_by_name: name }, now);
}

/**
 * Tells the approver and the tenant's owners and admins, once, that an exception expired: its
 * results count as failing again from that moment (reads compare with the clock; nothing is
 * rewritten). Up to `maxBatches` batches per call. Returns how many expiries were told.
 */
export async function notifyExpiredExceptions(ctx: AppContext, maxBatches = 10): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const due = (await repo.dueExpiredExceptions(ctx.db, ctx.now(), BATCH)).map((e) => ({
      ...e,
      tenantId: e.tenant_id,
      assigneeUserId: e.approved_by,
    }));
    const told = await notifyDue(
      ctx,
      due,
      (e) => ({
        kind: "compliance_exception_expired",
        message: `Compliance exception expired: "${e.title.slice(0, 100)}" (${e.tool} ${e.control_id})${e.target_id ? ` on ${e.target_id}` : ""} counts as failing again.`,
        link: complianceControlLink(e.tool, e.control_id),
      }),
      (trx, e, at) => repo.claimExpiryNotified(trx, e.id, at),
    );
    total += told;
    if (due.length < BATCH) break;
    await yieldToEventLoop();
  }
  return total;
}
