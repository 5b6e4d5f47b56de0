import { errorCodes } from "@watchfloor/shared";
import type { Kysely, Transaction } from "kysely";
import type { AppContext } from "../../context";
import type { DB } from "../../db/tables";
import { AppError } from "../../http/errors";
import { iso } from "../../lib/time";
import { recordAudit } from "../audit/audit.repository";
import { insertNotification } from "../notifications/notifications.repository";
import type { ClientMeta } from "./auth.service";
import { afterFailure, isLocked } from "./lockout";
import { deleteSession } from "../../http/credentials.repository";
import * as failures from "./sign-in-failures.repository";

/**
 * Locks count per account and source address: five wrong passwords (or second-factor codes) from
 * one address pause sign-ins to that account from that address only, so nobody can lock the
 * owner out from elsewhere by guessing. The owner is told when a lock starts.
 */
const sourceOf = (meta: ClientMeta) => meta.ip ?? "unknown";

/** Throws 423 while the account is locked for this address. */
export async function refuseIfLocked(
  ctx: AppContext,
  account: { userId: string; email: string },
  meta: ClientMeta,
): Promise<void> {
  const now = ctx.now();
  const state = await failures.findFailures(ctx.db, account.userId, sourceOf(meta));
  if (!isLocked(state, now)) return;
  await recordAudit(ctx.db, {
    event: "auth.sign_in_failed",
    at: now,
    actorUserId: account.userId,
    actorEmail: account.email,
    ipAddress: meta.ip,
    details: { reason: "locked" },
  });
  throw lockedError(state.lockedUntil ?? now, now);
}

/**
 * Records one failure; when it starts a lock, the owner is notified, a half-finished session (a
 * wrong second factor) is ended, and 423 is thrown.
 */
export async function countFailure(
  ctx: AppContext,
  account: { userId: string; email: string; sessionId?: string },
  meta: ClientMeta,
  reason: string,
): Promise<void> {
  const now = ctx.now();
  const source = sourceOf(meta);
  await recordAudit(ctx.db, {
    event: "auth.sign_in_failed",
    at: now,
    actorUserId: account.userId,
    actorEmail: account.email,
    ipAddress: meta.ip,
    details: { reason },
  });
  const next = afterFailure(await failures.findFailures(ctx.db, account.userId, source), now);
  await failures.saveFailures(ctx.db, account.userId, source, next);
  if (!next.lockedNow) return;
  const until = next.lockedUntil ?? now;
  await ctx.db.transaction().execute(async (trx) => {
    if (account.sessionId) await deleteSession(trx, account.sessionId);
    await recordAudit(trx, {
      event: "auth.lockout",
      at: now,
      actorUserId: account.userId,
      actorEmail: account.email,
      ipAddress: meta.ip,
      details: { until: iso(until), source },
    });
    await insertNotification(trx, {
      userId: account.userId,
      kind: "account_security",
      message: `Too many failed sign-ins to your account from ${source}: sign-ins from that address are paused until ${iso(until)}. Other addresses are not affected. If this was not you, change your password and add a second factor.`,
      link: "/profile",
      at: now,
    });
  });
  throw lockedError(until, now);
}

/** A successful sign-in from an address forgets that address's failures. */
export async function forgiveFailures(db: Kysely<DB> | Transaction<DB>, userId: string, meta: ClientMeta): Promise<void> {
  await failures.clearFailures(db, userId, sourceOf(meta));
}

function lockedError(until: number, now: number): AppError {
  const retryAfter = Math.max(1, Math.ceil((until - now) / 1000));
  return new AppError(
    423,
    errorCodes.locked,
    `Too many failed sign-ins from this address: this account is locked for sign-ins from here until ${iso(until)}. Try again later or ask an administrator to reset it.`,
    undefined,
    { "retry-after": String(retryAfter) },
  );
}
