import { type EntitledModule, entitledModules, moduleLabels, type TenantModules } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { conflict, notFound } from "../../http/errors";
import type { Actor } from "../../http/policy";
import { assertTenantInScope } from "../../http/tenant-scope";
import type { TenantScope } from "../../http/policy";
import { iso, isoOrNull } from "../../lib/time";
import { recordAudit } from "../audit/audit.repository";
import { insertNotifications } from "../notifications/notifications.repository";
import * as repo from "./tenant-modules.repository";
import { tenantNameOf } from "./tenants.repository";

/** Entitled modules of the tenants the caller belongs to (the shell, module pages, administration). */
export async function listModules(ctx: AppContext, tenantIds: readonly string[]): Promise<TenantModules[]> {
  const byTenant = new Map<string, TenantModules>();
  for (const r of await repo.moduleRows(ctx.db, tenantIds)) {
    const entry = byTenant.get(r.tenant_id) ?? { tenantId: r.tenant_id, tenantName: r.tenant_name, modules: [] };
    if (!(entitledModules as readonly string[]).includes(r.module)) continue;
    entry.modules.push({
      module: r.module as EntitledModule,
      enabled: r.enabled === 1,
      changedAt: isoOrNull(r.changed_at),
      changedBy: r.changed_by_name ?? null,
      requestedAt: isoOrNull(r.requested_at),
      requestedBy: r.requested_by_name ?? null,
    });
    byTenant.set(r.tenant_id, entry);
  }
  return [...byTenant.values()];
}

/** A provider administrator switches a module for a tenant; audited in that tenant's log. */
export async function switchModule(ctx: AppContext, actor: Actor, tenantId: string, module: EntitledModule, enabled: boolean) {
  const name = await tenantNameOf(ctx.db, tenantId);
  if (name === undefined) throw notFound("Tenant");
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    // Switching to the state it is in changes nothing and records nothing.
    const before = await repo.findModule(trx, tenantId, module);
    if (before && (before.enabled === 1) === enabled) return;
    await repo.setModule(trx, tenantId, module, enabled, now, actor.userId);
    await recordAudit(trx, {
      event: enabled ? "tenant.module_enabled" : "tenant.module_disabled",
      at: now,
      tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ipAddress: actor.ip,
      details: { module },
    });
  });
  return (await listModules(ctx, [tenantId]))[0];
}

/**
 * A member asks the provider for a module their tenant lacks: every platform administrator is
 * told once per tenant and module (a second request while one is pending tells nobody).
 */
export async function requestModule(ctx: AppContext, scope: TenantScope, actor: Actor, tenantId: string, module: EntitledModule) {
  assertTenantInScope(scope, tenantId);
  const now = ctx.now();
  const current = await repo.findModule(ctx.db, tenantId, module);
  if (current?.enabled === 1) throw conflict(`${moduleLabels[module]} is already enabled for this tenant.`);
  const tenantName = (await tenantNameOf(ctx.db, tenantId)) ?? tenantId;
  const requested = await ctx.db.transaction().execute(async (trx) => {
    if (!current) await repo.setModule(trx, tenantId, module, false, now, actor.userId);
    if (!(await repo.recordRequest(trx, tenantId, module, now, actor.userId))) return false;
    const admins = await repo.platformAdminIds(trx);
    await insertNotifications(
      trx,
      admins.map((userId) => ({
        userId,
        tenantId: null,
        kind: "module_request" as const,
        message: `${actor.email} asks for ${moduleLabels[module]} for ${tenantName}.`,
        link: "/administration?tab=modules",
        at: now,
      })),
    );
    await recordAudit(trx, {
      event: "tenant.module_requested",
      at: now,
      tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ipAddress: actor.ip,
      details: { module },
    });
    return true;
  });
  const row = await repo.findModule(ctx.db, tenantId, module);
  return { requested, requestedAt: iso(row?.requested_at ?? now) };
}
