import { type AuditEvent, passwordProblemMessages, passwordProblems } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { membershipsOf } from "../../http/credentials.repository";
import { forbidden, invalid, notFound } from "../../http/errors";
import type { Actor } from "../../http/policy";
import { type Mail, MAIL_JOB } from "../../lib/mail";
import { recordAudit } from "../audit/audit.repository";
import { queueJob } from "../jobs/jobs.service";
import { insertNotification } from "../notifications/notifications.repository";
import { findUserById, setPassword } from "../users/users.repository";
import { type AccountHolder, type AuthorityVerdict, accountAuthority } from "./account-authority";
import { deleteAllFactors } from "./factors.repository";
import { hashPassword } from "./password-hash";
import { deleteUserSessions } from "./sessions.repository";
import { clearSignInFailures } from "./sign-in-failures.repository";

/** The person acting on another account, with everything their authority depends on. */
export interface AccountActor extends Actor, Omit<AccountHolder, "userId"> {}

const refusals: Record<Exclude<AuthorityVerdict, { ok: true }>["reason"], () => Error> = {
  self: () => forbidden("Manage your own password and second factors from your profile."),
  not_visible: () => notFound("User"),
  platform_owner: () => forbidden("Only a platform owner can reset a platform owner's account."),
  other_tenants: () =>
    forbidden("This person also belongs to tenants you do not manage; ask a platform owner or an administrator of all of them."),
  role_above: () => forbidden("You cannot manage a member whose role is above yours."),
};

/** Loads the target account and refuses unless the actor has authority over all of it. */
async function authorisedTarget(ctx: AppContext, actor: AccountActor, userId: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound("User");
  const memberships = await membershipsOf(ctx.db, userId);
  const verdict = accountAuthority(
    { userId: actor.userId, platformAdmin: actor.platformAdmin, memberships: actor.memberships },
    { userId, platformAdmin: user.platform_admin === 1, memberships },
  );
  if (!verdict.ok) throw refusals[verdict.reason]();
  return { user, tenantIds: memberships.map((m) => m.tenantId) };
}

/**
 * An administrator sets a temporary password for someone: it works for one sign-in, whose
 * session can do nothing but replace it. Every session of theirs ends, failed-sign-in locks are
 * cleared, they are told, and each of their tenants' audit logs records it.
 */
export async function resetPassword(ctx: AppContext, actor: AccountActor, userId: string, newPassword: string) {
  const { user, tenantIds } = await authorisedTarget(ctx, actor, userId);
  const problems = passwordProblems(newPassword, user.email);
  if (problems[0]) throw invalid("newPassword", passwordProblemMessages[problems[0]]);
  const now = ctx.now();
  const hashed = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await setPassword(trx, userId, hashed, now, { mustChange: true });
    await clearSignInFailures(trx, userId);
    await deleteUserSessions(trx, userId);
    await insertNotification(trx, {
      userId,
      kind: "account_security",
      message: `${actor.email} set a temporary password for your account and signed out all your sessions. Sign in with it and choose a new one. If you did not ask for this, tell your security lead.`,
      link: "/profile",
      at: now,
    });
    await auditAccountChange(trx, actor, tenantIds, "auth.password_reset", { userId, email: user.email }, now);
  });
  await tellByMail(ctx, user.email, `${userId}:password:${now}`, "Your Watchfloor password was reset", [
    `${actor.email} set a temporary password for your Watchfloor account and signed out all your sessions.`,
    "Ask them for it, sign in with it and choose a new one.",
  ]);
}

/**
 * An administrator removes someone's second factors and recovery codes (a lost phone or key):
 * their sessions end and their next sign-in needs only the password (then enrolment, where a
 * tenant requires it).
 */
export async function resetSecondFactors(ctx: AppContext, actor: AccountActor, userId: string) {
  const { user, tenantIds } = await authorisedTarget(ctx, actor, userId);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await deleteAllFactors(trx, userId);
    await deleteUserSessions(trx, userId);
    await insertNotification(trx, {
      userId,
      kind: "account_security",
      message: `${actor.email} removed your second factors (${removed} of them) and signed out all your sessions. Enrol a new one from your profile.`,
      link: "/profile",
      at: now,
    });
    await auditAccountChange(trx, actor, tenantIds, "auth.second_factor_reset", { userId, email: user.email, removed }, now);
  });
  await tellByMail(ctx, user.email, `${userId}:factors:${now}`, "Your Watchfloor second factors were removed", [
    `${actor.email} removed the second factors of your Watchfloor account and signed out all your sessions.`,
    "Enrol a new one from your profile after you sign in.",
  ]);
}

/**
 * The person is told by mail as well when the server has SMTP (queued: a slow mail server never
 * holds up the change), since a reset locks them out of the in-product notice until they sign in.
 */
async function tellByMail(ctx: AppContext, to: string, key: string, subject: string, lines: string[]) {
  if (!ctx.env.WATCHFLOOR_SMTP_URL) return;
  const text = [...lines, "If you did not ask for this, tell your security lead at once."].join("\n\n");
  await queueJob(ctx, MAIL_JOB, key, { to: [to], subject, text } satisfies Mail, 5);
}

async function auditAccountChange(
  trx: Parameters<typeof recordAudit>[0],
  actor: Actor,
  tenantIds: readonly string[],
  event: AuditEvent,
  details: Record<string, unknown>,
  at: number,
) {
  // One entry per tenant of the account, so each tenant's administrators see it in their log.
  for (const tenantId of tenantIds.length ? tenantIds : [null]) {
    await recordAudit(trx, {
      event,
      at,
      tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ipAddress: actor.ip,
      details,
    });
  }
}
