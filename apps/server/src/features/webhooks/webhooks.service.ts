import {
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookKind,
  type WebhookWithSecret,
  retryDelayMs,
  WEBHOOK_ATTEMPTS,
  WEBHOOK_PAYLOAD_VERSION,
  type webhookBodySchema,
  type webhookDeliveryQuerySchema,
  type webhookPatchSchema,
} from "@watchfloor/shared";
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { WebhooksTable } from "../../db/tables";
import type { Doer } from "../../http/actor";
import { decodeCursor, encodeCursor } from "../../http/cursor";
import { conflict, forbidden, notFound } from "../../http/errors";
import type { TenantScope } from "../../http/policy";
import { configuredBase } from "../../http/public-url";
import { assertTenantInScope } from "../../http/tenant-scope";
import { iso, isoOrNull } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { recordAudit } from "../audit/audit.repository";
import { queueJob } from "../jobs/jobs.service";
import { insertNotifications } from "../notifications/notifications.repository";
import { tenantAdmins } from "../users/users.repository";
import { bodyFor, type WebhookEvent } from "./webhook-payload";
import { postJson } from "./webhook-send";
import { newWebhookSecret, signedHeaders } from "./webhook-signing";
import * as repo from "./webhooks.repository";

export const WEBHOOK_JOB = "webhook-delivery";
/** After a rotation the old secret signs beside the new one this long, so receivers can switch. */
const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

const toWebhook = (row: WebhooksTable): Webhook => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  kind: row.kind as WebhookKind,
  url: row.url,
  enabled: row.enabled === 1,
  secretHint: row.secret.slice(-4),
  previousSecretUntil: isoOrNull(row.previous_until),
  createdAt: iso(row.created_at),
  createdByName: row.created_by_name,
});

export async function listWebhooks(ctx: AppContext, scope: TenantScope) {
  return { items: (await repo.listWebhooks(ctx.db, scope.tenantIds)).map(toWebhook) };
}

export async function createWebhook(
  ctx: AppContext,
  scope: TenantScope,
  doer: Doer,
  body: z.infer<typeof webhookBodySchema>,
): Promise<WebhookWithSecret> {
  assertTenantInScope(scope, body.tenantId);
  const now = ctx.now();
  const row: WebhooksTable = {
    id: newId(),
    tenant_id: body.tenantId,
    name: body.name,
    kind: body.kind,
    url: body.url,
    secret: newWebhookSecret(),
    previous_secret: null,
    previous_until: null,
    enabled: body.enabled ? 1 : 0,
    created_by_name: doer.name,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertWebhook(trx, row);
    await recordAudit(trx, {
      event: "webhook.created",
      at: now,
      tenantId: row.tenant_id,
      actorUserId: doer.userId,
      details: { webhookId: row.id, name: row.name, kind: row.kind, host: new URL(row.url).host },
    });
  });
  return { ...toWebhook(row), secret: row.secret };
}

async function ownWebhook(ctx: AppContext, scope: TenantScope, id: string): Promise<WebhooksTable> {
  const row = await repo.findWebhook(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Webhook");
  return row;
}

/**
 * A webhook that a provider-wide rule calls carries other tenants' events: only someone who
 * manages automation in all of them may point it elsewhere, rotate it or delete it (and its log).
 */
async function changeableWebhook(ctx: AppContext, scope: TenantScope, id: string): Promise<WebhooksTable> {
  const row = await ownWebhook(ctx, scope, id);
  const tenants = await repo.tenantsOfRulesCalling(ctx.db, id);
  if (tenants.some((t) => !scope.tenantIds.includes(t)))
    throw forbidden("An automation rule that also acts on tenants you do not manage calls this webhook.");
  return row;
}

export async function changeWebhook(
  ctx: AppContext,
  scope: TenantScope,
  doer: Doer,
  id: string,
  body: z.infer<typeof webhookPatchSchema>,
) {
  const row = await changeableWebhook(ctx, scope, id);
  const now = ctx.now();
  const changes = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.url !== undefined ? { url: body.url } : {}),
    ...(body.enabled !== undefined ? { enabled: body.enabled ? 1 : 0 } : {}),
  };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateWebhook(trx, id, { ...changes, updated_at: now });
    await recordAudit(trx, {
      event: "webhook.changed",
      at: now,
      tenantId: row.tenant_id,
      actorUserId: doer.userId,
      // The host only: Slack and Teams webhook URLs are secrets themselves.
      details: { webhookId: id, ...body, ...(body.url ? { url: undefined, host: new URL(body.url).host } : {}) },
    });
  });
  return toWebhook({ ...row, ...changes, updated_at: now });
}

export async function deleteWebhook(ctx: AppContext, scope: TenantScope, doer: Doer, id: string): Promise<void> {
  const row = await changeableWebhook(ctx, scope, id);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteWebhook(trx, id);
    await recordAudit(trx, {
      event: "webhook.deleted",
      at: ctx.now(),
      tenantId: row.tenant_id,
      actorUserId: doer.userId,
      details: { webhookId: id, name: row.name },
    });
  });
}

/** A new secret; the previous one keeps signing (a second signature) for a day. */
export async function rotateSecret(ctx: AppContext, scope: TenantScope, doer: Doer, id: string): Promise<WebhookWithSecret> {
  const row = await changeableWebhook(ctx, scope, id);
  const now = ctx.now();
  const changes = {
    secret: newWebhookSecret(),
    previous_secret: row.secret,
    previous_until: now + ROTATION_OVERLAP_MS,
    updated_at: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateWebhook(trx, id, changes);
    await recordAudit(trx, {
      event: "webhook.secret_rotated",
      at: now,
      tenantId: row.tenant_id,
      actorUserId: doer.userId,
      details: { webhookId: id },
    });
  });
  return { ...toWebhook({ ...row, ...changes }), secret: changes.secret };
}

/** Queues one delivery; the job runner sends it (never the caller: ingestion does not wait). */
export async function enqueueDelivery(
  ctx: AppContext,
  delivery: { webhookId: string; tenantId: string; ruleId: string | null; event: WebhookEvent },
): Promise<string> {
  const id = `msg_${newId()}`;
  await repo.insertDelivery(ctx.db, {
    id,
    webhook_id: delivery.webhookId,
    tenant_id: delivery.tenantId,
    event_type: delivery.event.type,
    rule_id: delivery.ruleId,
    payload: JSON.stringify(delivery.event),
    status: "pending",
    attempts: 0,
    response_code: null,
    response_excerpt: null,
    duration_ms: null,
    error: null,
    created_at: ctx.now(),
    last_attempt_at: null,
    next_attempt_at: ctx.now(),
  });
  await queueJob(ctx, WEBHOOK_JOB, id, { deliveryId: id }, WEBHOOK_ATTEMPTS);
  return id;
}

export class DeliveryFailed extends Error {}

/**
 * One attempt (the job handler). A 2xx answer delivers; anything else is recorded and thrown, so
 * the runner tries again with backoff until the last attempt makes it a dead letter.
 */
export async function attemptDelivery(ctx: AppContext, deliveryId: string, attempt: number, final = false): Promise<void> {
  const row = await repo.deliveryForSending(ctx.db, deliveryId);
  if (!row || row.status === "delivered") return;
  const now = ctx.now();
  if (row.enabled !== 1) {
    await repo.updateDelivery(ctx.db, deliveryId, {
      status: "dead",
      error: "The webhook is switched off.",
      next_attempt_at: null,
    });
    return;
  }
  const event = JSON.parse(row.payload) as WebhookEvent;
  const body = bodyFor(row.kind as WebhookKind, event);
  const secrets = [row.secret, ...(row.previous_secret && (row.previous_until ?? 0) > now ? [row.previous_secret] : [])];
  const headers = row.kind === "standard" ? signedHeaders(secrets, deliveryId, Math.floor(now / 1000), body) : {};
  const result = await postJson(row.url, body, headers, { allowPrivate: ctx.env.WATCHFLOOR_WEBHOOK_PRIVATE_TARGETS });
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const last = final || attempt >= WEBHOOK_ATTEMPTS;
  await repo.updateDelivery(ctx.db, deliveryId, {
    status: ok ? "delivered" : last ? "dead" : "retrying",
    attempts: row.attempts + 1,
    response_code: result.status,
    response_excerpt: result.excerpt,
    duration_ms: result.durationMs,
    error: ok ? null : (result.error ?? `The receiver answered ${result.status}.`),
    last_attempt_at: now,
    next_attempt_at: ok || last ? null : now + retryDelayMs(attempt),
  });
  if (!ok && last) await tellDeadLetter(ctx, row.tenant_id, row.webhook_name, deliveryId);
  if (!ok && !last) throw new DeliveryFailed(result.error ?? `The receiver answered ${result.status}.`);
}

async function tellDeadLetter(ctx: AppContext, tenantId: string, webhookName: string, deliveryId: string) {
  const admins = (await tenantAdmins(ctx.db, [tenantId])).get(tenantId) ?? [];
  await insertNotifications(
    ctx.db,
    admins.map((userId) => ({
      userId,
      tenantId,
      kind: "webhook_dead_letter" as const,
      message: `Webhook "${webhookName.slice(0, 80)}" gave up on a delivery after ${WEBHOOK_ATTEMPTS} tries; it can be replayed from the delivery log.`,
      link: `/automation/webhooks?delivery=${deliveryId}`,
      at: ctx.now(),
    })),
  );
}

/** Sends a dead or failed delivery again (same message id, so receivers can tell a repeat). */
export async function replayDelivery(ctx: AppContext, scope: TenantScope, id: string): Promise<WebhookDelivery> {
  const row = await repo.findDelivery(ctx.db, scope.tenantIds, id);
  if (!row) throw notFound("Delivery");
  // A claim: of two replays at once, one queues the send.
  if (!(await repo.claimReplay(ctx.db, id, ctx.now())))
    throw conflict("This delivery is still being tried.", [{ path: "id", message: `status is ${row.status}` }]);
  await queueJob(ctx, WEBHOOK_JOB, `${id}:replay:${ctx.now()}`, { deliveryId: id }, WEBHOOK_ATTEMPTS);
  return toDelivery({ ...row, status: "pending", next_attempt_at: ctx.now() });
}

/** "Send test": one signed request now, recorded in the log like any delivery (no retries). */
export async function sendTest(ctx: AppContext, scope: TenantScope, doer: Doer, id: string): Promise<WebhookDelivery> {
  const hook = await ownWebhook(ctx, scope, id);
  const deliveryId = `msg_${newId()}`;
  const event: WebhookEvent = {
    type: "webhook.test",
    timestamp: iso(ctx.now()),
    data: {
      version: WEBHOOK_PAYLOAD_VERSION,
      tenantId: hook.tenant_id,
      rule: null,
      subject: {
        kind: "test",
        id: deliveryId,
        name: `Test from ${doer.name}`,
        priority: null,
        status: null,
        link: `${configuredBase(ctx)}/automation/webhooks`,
      },
    },
  };
  await repo.insertDelivery(ctx.db, {
    id: deliveryId,
    webhook_id: hook.id,
    tenant_id: hook.tenant_id,
    event_type: event.type,
    rule_id: null,
    payload: JSON.stringify(event),
    status: "pending",
    attempts: 0,
    response_code: null,
    response_excerpt: null,
    duration_ms: null,
    error: null,
    created_at: ctx.now(),
    last_attempt_at: null,
    next_attempt_at: null,
  });
  if (hook.enabled === 1) await attemptDelivery(ctx, deliveryId, 1, true);
  else await repo.updateDelivery(ctx.db, deliveryId, { status: "dead", error: "The webhook is switched off." });
  const row = await repo.findDelivery(ctx.db, scope.tenantIds, deliveryId);
  if (!row) throw notFound("Delivery");
  return toDelivery(row);
}

type DeliveryRow = NonNullable<Awaited<ReturnType<typeof repo.findDelivery>>>;

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  webhookId: row.webhook_id,
  webhookName: row.webhook_name,
  tenantId: row.tenant_id,
  eventType: row.event_type,
  ruleId: row.rule_id,
  status: row.status as WebhookDelivery["status"],
  attempts: Number(row.attempts),
  responseCode: row.response_code,
  responseExcerpt: row.response_excerpt,
  durationMs: row.duration_ms,
  error: row.error,
  createdAt: iso(row.created_at),
  lastAttemptAt: isoOrNull(row.last_attempt_at),
  nextAttemptAt: isoOrNull(row.next_attempt_at),
  payload: row.payload,
});

export async function listDeliveries(
  ctx: AppContext,
  scope: TenantScope,
  query: z.infer<typeof webhookDeliveryQuerySchema>,
): Promise<WebhookDeliveryList> {
  const cursor = decodeCursor(query.cursor, "cursor");
  const rows = await repo.listDeliveries(
    ctx.db,
    scope.tenantIds,
    { webhookId: query.webhookId, status: query.status },
    cursor,
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toDelivery),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: Number(last.created_at), id: last.id }) : null,
  };
}

/** Ends a delivery whose last attempt failed (the runner's onDead, e.g. after a crash mid-try). */
export async function markDead(ctx: AppContext, deliveryId: string, error: string): Promise<void> {
  const row = await repo.deliveryForSending(ctx.db, deliveryId);
  if (!row || row.status === "delivered" || row.status === "dead") return;
  await repo.updateDelivery(ctx.db, deliveryId, { status: "dead", error, next_attempt_at: null });
  await tellDeadLetter(ctx, row.tenant_id, row.webhook_name, deliveryId);
}
