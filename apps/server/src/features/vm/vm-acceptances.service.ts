import { type VmAcceptance, type VmAcceptanceCreate, vmAcceptanceMaxDays } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { recordAudit } from "../audit/audit.repository";
import type { Doer } from "../../http/actor";
import { invalid, notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { assertTenantInScope, tenantsOf } from "../../http/tenant-scope";
import { days, iso } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { yieldToEventLoop } from "../../lib/yield";
import type { VmRiskAcceptancesTable } from "../../db/tables";
import { bulkFindings, moveFindingsInTransaction } from "../findings/findings.service";
import { notifyDue } from "../notifications/notify-due";
import * as repo from "./vm-acceptances.repository";
import { CAMPAIGN_MAX_FINDINGS, fixLink } from "./vm.service";
import { openFindingIds, openFindingIdsOfFix } from "./vm.repository";

const BATCH = 100;
/** The findings service takes at most this many ids per bulk call. */
const BULK = 1000;

function view(row: VmRiskAcceptancesTable, now: number): VmAcceptance {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    fix: row.fix_text,
    reason: row.reason,
    approvedBy: { id: row.approved_by, name: row.approved_by_name },
    createdAt: iso(Number(row.created_at)),
    expiresAt: iso(Number(row.expires_at)),
    state: Number(row.expires_at) <= now ? "expired" : "active",
    findings: Number(row.findings_total),
  };
}

/** The findings service acting in one tenant only (the acceptance's). */
const scopeOf = (tenantId: string): TenantScope => ({ tenantIds: [tenantId], memberTenantIds: [tenantId], selected: null });

async function moveAll(
  ctx: AppContext,
  tenantId: string,
  doer: Doer,
  ids: readonly string[],
  action: Parameters<typeof bulkFindings>[3]["action"],
) {
  for (let i = 0; i < ids.length; i += BULK)
    await bulkFindings(ctx, scopeOf(tenantId), doer, { ids: ids.slice(i, i + BULK), action });
}

/**
 * Accepts a finding set or a fix group's open findings in one tenant: whoever accepts (the
 * risk.accept permission) is the approver, the expiry is in the future and at most a year away.
 * The findings close as Accepted Risk, each with the reason on its timeline.
 */
export async function acceptRisk(
  ctx: AppContext,
  scope: TenantScope,
  doer: Doer,
  body: VmAcceptanceCreate,
): Promise<VmAcceptance> {
  assertTenantInScope(scope, body.tenantId);
  const now = ctx.now();
  const expiresAt = Date.parse(body.expiresAt);
  if (expiresAt <= now) throw invalid("expiresAt", "must be in the future");
  if (expiresAt > now + days(vmAcceptanceMaxDays))
    throw invalid("expiresAt", `must be at most ${vmAcceptanceMaxDays} days away: accepted risks come back for review`);
  let ids: string[];
  if (body.fix) {
    ids = await openFindingIdsOfFix(ctx.db, body.tenantId, body.fix, CAMPAIGN_MAX_FINDINGS);
    if (ids.length === 0) throw invalid("fix", "has no open findings in this tenant");
  } else {
    const wanted = [...new Set(body.findingIds ?? [])];
    ids = await openFindingIds(ctx.db, body.tenantId, wanted);
    if (ids.length !== wanted.length) throw notFound("One or more open findings");
  }
  const row: VmRiskAcceptancesTable = {
    id: newId(),
    tenant_id: body.tenantId,
    fix_text: body.fix ?? null,
    reason: body.reason,
    approved_by: doer.userId,
    approved_by_name: doer.name,
    findings_total: ids.length,
    created_at: now,
    expires_at: expiresAt,
    expiry_notified_at: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertAcceptance(trx, row, ids);
    await recordAudit(trx, {
      event: "vm.risk_accepted",
      at: now,
      tenantId: body.tenantId,
      actorUserId: doer.userId,
      details: {
        acceptanceId: row.id,
        fix: body.fix ?? null,
        findings: ids.length,
        reason: body.reason,
        expiresAt: body.expiresAt,
      },
    });
    // The findings close in the same transaction: an acceptance never stands without them.
    const comment = `Risk accepted until ${iso(expiresAt).slice(0, 10)}: ${body.reason}`;
    const close = { status: "Closed", closeReason: "Accepted Risk", comment } as const;
    await moveFindingsInTransaction(trx, now, doer, body.tenantId, ids, close);
  });
  return view(row, now);
}

export async function listAcceptances(ctx: AppContext, scope: TenantScope, tenantId?: string) {
  const tenantIds = tenantsOf(scope, tenantId);
  const now = ctx.now();
  return { items: (await repo.listAcceptances(ctx.db, tenantIds)).map((r) => view(r, now)) };
}

/**
 * Brings expired acceptances' findings back: those still closed as Accepted Risk reopen (a new
 * remediation clock, as any reopen), and the approver and the tenant's owners and admins are told
 * once. Up to `maxBatches` batches per call; returns how many expiries were handled.
 */
export async function expireAcceptances(ctx: AppContext, maxBatches = 10): Promise<number> {
  const doer: Doer = { userId: null, name: "Risk acceptance expiry" };
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const due = await repo.dueExpiredAcceptances(ctx.db, ctx.now(), BATCH);
    for (const a of due) {
      const ids = await repo.stillAccepted(ctx.db, a.id);
      await moveAll(ctx, a.tenant_id, doer, ids, { type: "status", status: "Open", comment: "Risk acceptance expired" });
    }
    total += await notifyDue(
      ctx,
      due.map((a) => ({ ...a, tenantId: a.tenant_id, assigneeUserId: a.approved_by })),
      (a) => ({
        kind: "vm_acceptance_expired",
        message: `Risk acceptance expired: ${a.findings_total} finding${a.findings_total === 1 ? "" : "s"}${a.fix_text ? ` of "${a.fix_text.slice(0, 100)}"` : ""} reopened ("${a.reason.slice(0, 100)}").`,
        link: a.fix_text ? fixLink(a.fix_text) : "/vm#acceptances",
      }),
      (trx, a, at) => repo.claimExpiryNotified(trx, a.id, at),
    );
    if (due.length < BATCH) break;
    await yieldToEventLoop();
  }
  return total;
}
