import { roleCan, roles } from "@watchfloor/shared";
import type { Kysely, Transaction } from "kysely";
import type { AppContext } from "../../context";
import type { DB } from "../../db/tables";
import { assertTenantInScope } from "../../http/tenant-scope";
import { notFound } from "../../http/errors";
import type { Actor, TenantScope } from "../../http/policy";
import { iso, isoOrNull } from "../../lib/time";
import { newId, newToken, sha256 } from "../../lib/tokens";
import { recordAudit } from "../audit/audit.repository";
import { findUserById } from "../users/users.repository";
import { insertNotification } from "../notifications/notifications.repository";
import * as repo from "./api-keys.repository";

type KeyRow = Awaited<ReturnType<typeof repo.listApiKeys>>[number];

const toView = (row: KeyRow) => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  prefix: row.prefix,
  createdAt: iso(row.created_at),
  lastUsedAt: isoOrNull(row.last_used_at),
  revokedAt: isoOrNull(row.revoked_at),
  createdByEmail: row.creator_email,
  creatorIsMember: Boolean(row.creator_is_member),
});

export async function listKeys(ctx: AppContext, scope: TenantScope) {
  return (await repo.listApiKeys(ctx.db, scope.tenantIds)).map(toView);
}

/** The full key is returned once; only its SHA-256 is stored (keys are random, so no slow hash is needed). */
export async function createKey(ctx: AppContext, scope: TenantScope, actor: Actor, body: { tenantId: string; name: string }) {
  assertTenantInScope(scope, body.tenantId);
  const now = ctx.now();
  const key = `wf_${newToken(30)}`;
  const row = {
    id: newId(),
    tenant_id: body.tenantId,
    name: body.name,
    prefix: key.slice(0, 10),
    key_hash: sha256(key),
    created_by: actor.userId,
    created_at: now,
    last_used_at: null,
    revoked_at: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertApiKey(trx, row);
    await recordAudit(trx, {
      event: "api_key.created",
      at: now,
      tenantId: body.tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ipAddress: actor.ip,
      details: { keyId: row.id, name: body.name, prefix: row.prefix },
    });
  });
  return { ...toView({ ...row, creator_email: actor.email, creator_is_member: true }), key };
}

export async function revokeKey(ctx: AppContext, scope: TenantScope, actor: Actor, id: string) {
  const key = await repo.findApiKey(ctx.db, scope.tenantIds, id);
  if (!key) throw notFound("API key");
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.revokeApiKey(trx, id, now);
    await recordAudit(trx, {
      event: "api_key.revoked",
      at: now,
      tenantId: key.tenant_id,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ipAddress: actor.ip,
      details: { keyId: id, name: key.name },
    });
  });
  return toView({ ...key, revoked_at: key.revoked_at ?? now });
}

/** Roles told about keys left behind: those who may revoke them. */
const keyManagerRoles = roles.filter((role) => roleCan(role, "keys.manage"));
const NAMED_KEYS = 5;

/**
 * A member who created active keys was removed from the tenant (tenants.service removeMember
 * calls this in its transaction, after deleting the membership). The keys are the tenant's
 * credentials and keep working, so each owner and admin of the tenant is notified and the audit
 * log records which keys were left behind. Returns how many there are.
 */
export async function notifyOrphanedKeys(
  trx: Kysely<DB> | Transaction<DB>,
  ctx: AppContext,
  tenantId: string,
  userId: string,
  actor: Actor,
): Promise<number> {
  const keys = await repo.activeKeysCreatedBy(trx, tenantId, userId);
  if (keys.length === 0) return 0;
  const creator = await findUserById(trx, userId);
  const email = creator?.email ?? "A removed member";
  const now = ctx.now();
  const named = keys.slice(0, NAMED_KEYS).map((k) => `“${k.name}” (${k.prefix}…)`);
  if (keys.length > NAMED_KEYS) named.push(`${keys.length - NAMED_KEYS} more`);
  const message =
    keys.length === 1
      ? `${email} is no longer a member, but the API key they created still works: ${named[0]}. Revoke it if its integration should stop.`
      : `${email} is no longer a member, but ${keys.length} API keys they created still work: ${named.join(", ")}. Revoke them if their integrations should stop.`;
  for (const managerId of await repo.membersWithRoles(trx, tenantId, keyManagerRoles)) {
    if (managerId === userId) continue;
    await insertNotification(trx, {
      userId: managerId,
      tenantId,
      kind: "api_key_creator_removed",
      message,
      link: "/administration?tab=api-keys",
      at: now,
    });
  }
  await recordAudit(trx, {
    event: "api_key.creator_removed",
    at: now,
    tenantId,
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ipAddress: actor.ip,
    details: { userId, email: creator?.email ?? null, keys: keys.map((k) => ({ keyId: k.id, name: k.name, prefix: k.prefix })) },
  });
  return keys.length;
}
