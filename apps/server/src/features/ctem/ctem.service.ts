import {
  ctemExposureLimit,
  type CtemImpact,
  type CtemScope,
  type CtemScopeCreate,
  type CtemScopeDetail,
  type CtemScopeRule,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { Doer } from "../../http/actor";
import { invalid, notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { assertTenantInScope, tenantsOf } from "../../http/tenant-scope";
import { iso } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { yieldToEventLoop } from "../../lib/yield";
import { recordAudit } from "../audit/audit.repository";
import { assertWorker } from "./ctem-owner";
import * as repo from "./ctem.repository";
import { type ScopeExposures, scopeExposures } from "./ctem-exposures.service";
import { recordScopeSnapshot, scopeTrend } from "./ctem-snapshots.service";
import { scopeTasks } from "./ctem-tasks.service";

function toScope(row: repo.ScopeRow, found: ScopeExposures): CtemScope {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    owner: { id: row.owner_user_id, name: row.owner_name ?? null },
    businessImpact: row.business_impact as CtemImpact,
    rule: JSON.parse(row.rule) as CtemScopeRule,
    createdAt: iso(Number(row.created_at)),
    assets: found.assets.length,
    exposures: found.exposures.length,
    score: found.score,
  };
}

/** Scopes one tenant may have (docs/ctem.md). */
export const MAX_SCOPES = 50;

export async function listScopes(ctx: AppContext, scope: TenantScope, tenantId?: string) {
  const rows = await repo.scopes(ctx.db, tenantsOf(scope, tenantId));
  const items: CtemScope[] = [];
  // Each scope's exposures are worked out from the findings, surface and cloud data now: give
  // other requests their turn between scopes.
  for (const row of rows) {
    items.push(toScope(row, await scopeExposures(ctx, row)));
    await yieldToEventLoop();
  }
  items.sort((a, b) => b.score - a.score);
  return { items };
}

export async function getScope(ctx: AppContext, scope: TenantScope, scopeId: string): Promise<CtemScopeDetail> {
  const [row] = await repo.scopes(ctx.db, scope.tenantIds, scopeId);
  if (!row) throw notFound("Scope");
  const found = await scopeExposures(ctx, row);
  const [tasks, trend] = await Promise.all([scopeTasks(ctx, row), scopeTrend(ctx, row, found.score)]);
  return { ...toScope(row, found), items: found.exposures.slice(0, ctemExposureLimit), tasks, trend };
}

/** A scope in scope of the caller, or 404. */
export async function scopeRow(ctx: AppContext, scope: TenantScope, scopeId: string) {
  const [row] = await repo.scopes(ctx.db, scope.tenantIds, scopeId);
  if (!row) throw notFound("Scope");
  return row;
}

export async function createScope(ctx: AppContext, scope: TenantScope, doer: Doer, body: CtemScopeCreate) {
  assertTenantInScope(scope, body.tenantId);
  if ((await repo.scopes(ctx.db, [body.tenantId])).length >= MAX_SCOPES)
    throw invalid("tenantId", `has ${MAX_SCOPES} scopes already, the most one tenant may: scopes are worked out on every read`);
  await assertWorker(ctx, body.tenantId, body.ownerUserId, "ownerUserId");
  const rule: CtemScopeRule = body.rule;
  const id = newId();
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertScope(trx, {
      id,
      tenant_id: body.tenantId,
      name: body.name,
      owner_user_id: body.ownerUserId,
      business_impact: body.businessImpact,
      rule: JSON.stringify(rule),
      created_by: doer.userId,
      created_at: now,
    });
    await recordAudit(trx, {
      event: "ctem.scope_created",
      at: now,
      tenantId: body.tenantId,
      actorUserId: doer.userId,
      details: { scopeId: id, name: body.name, ownerUserId: body.ownerUserId, businessImpact: body.businessImpact, rule },
    });
  });
  const detail = await getScope(ctx, scope, id);
  const row = await scopeRow(ctx, scope, id);
  await recordScopeSnapshot(ctx, row, detail.score, detail.items.length);
  return detail;
}
