import {
  ctemExposureLimit,
  type CtemImpact,
  type CtemScope,
  type CtemScopeCreate,
  type CtemScopeDetail,
  type CtemScopeRule,
  type CtemScopeUpdate,
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

/** One field's value before and after an edit, as the audit log keeps it. */
type Change = { from: unknown; to: unknown };

/**
 * Renames a scope, or changes its owner, business impact or rule (its tenant stays). Only what
 * differs is written and audited, with the value before; a scope whose score may have moved
 * rewrites today's snapshot, as creating one does.
 */
export async function updateScope(ctx: AppContext, scope: TenantScope, doer: Doer, scopeId: string, body: CtemScopeUpdate) {
  const row = await scopeRow(ctx, scope, scopeId);
  const changes: Record<string, Change> = {};
  const set: Parameters<typeof repo.updateScope>[3] = {};
  if (body.name !== undefined && body.name !== row.name) {
    changes.name = { from: row.name, to: body.name };
    set.name = body.name;
  }
  if (body.ownerUserId !== undefined && body.ownerUserId !== row.owner_user_id) {
    await assertWorker(ctx, row.tenant_id, body.ownerUserId, "ownerUserId");
    changes.ownerUserId = { from: row.owner_user_id, to: body.ownerUserId };
    set.owner_user_id = body.ownerUserId;
  }
  if (body.businessImpact !== undefined && body.businessImpact !== row.business_impact) {
    changes.businessImpact = { from: row.business_impact, to: body.businessImpact };
    set.business_impact = body.businessImpact;
  }
  if (body.rule !== undefined && JSON.stringify(body.rule) !== row.rule) {
    changes.rule = { from: JSON.parse(row.rule) as CtemScopeRule, to: body.rule };
    set.rule = JSON.stringify(body.rule);
  }
  if (Object.keys(changes).length === 0) return getScope(ctx, scope, row.id);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateScope(trx, row.tenant_id, row.id, set);
    await recordAudit(trx, {
      event: "ctem.scope_changed",
      at: now,
      tenantId: row.tenant_id,
      actorUserId: doer.userId,
      details: { scopeId: row.id, name: set.name ?? row.name, changes },
    });
  });
  const detail = await getScope(ctx, scope, row.id);
  if (changes.rule || changes.businessImpact)
    await recordScopeSnapshot(ctx, await scopeRow(ctx, scope, row.id), detail.score, detail.items.length);
  return detail;
}

/** Deletes a scope with its tasks (and their finding links) and snapshots, in one transaction. */
export async function deleteScope(ctx: AppContext, scope: TenantScope, doer: Doer, scopeId: string): Promise<void> {
  const row = await scopeRow(ctx, scope, scopeId);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const tasks = await repo.deleteScope(trx, row.tenant_id, row.id);
    await recordAudit(trx, {
      event: "ctem.scope_deleted",
      at: now,
      tenantId: row.tenant_id,
      actorUserId: doer.userId,
      details: {
        scopeId: row.id,
        name: row.name,
        ownerUserId: row.owner_user_id,
        businessImpact: row.business_impact,
        rule: JSON.parse(row.rule) as CtemScopeRule,
        tasks,
      },
    });
  });
}
