import type { AppContext } from "../../context";
import { assertTenantInScope } from "../../http/auth-guard";
import { notFound } from "../../http/errors";
import type { Actor, TenantScope } from "../../http/policy";
import { iso, isoOrNull } from "../../lib/time";
import { newId, newToken, sha256 } from "../../lib/tokens";
import { recordAudit } from "../audit/audit.repository";
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
  return { ...toView(row), key };
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
