import {
  type CurrentUser,
  errorCodes,
  type Preferences,
  passwordProblemMessages,
  passwordProblems,
  preferencesSchema,
  type SignInBody,
  type SessionPending,
  type SignUpBody,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { AppError, conflict, invalid } from "../../http/errors";
import { pendingStep } from "../../http/session-gate";
import { hours } from "../../lib/time";
import { newId, newToken, sha256 } from "../../lib/tokens";
import { describeUserAgent } from "../../lib/user-agent";
import { recordAudit } from "../audit/audit.repository";
import { findUsableInvitation } from "../invitations/invitations.repository";
import { insertNotification } from "../notifications/notifications.repository";
import { signupOpen } from "../settings/settings.repository";
import { countFailure, forgiveFailures, refuseIfLocked } from "./failed-attempts";
import { confirmedFactors } from "./factors.repository";
import { createAccount } from "./new-account";
import { hashPassword, verifyPassword } from "./password-hash";
import { deleteUserSessions, insertSession } from "./sessions.repository";
import { membershipsOf } from "../../http/credentials.repository";
import * as users from "../users/users.repository";

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface NewSession {
  token: string;
  csrfToken: string;
  expiresAt: number;
}

/** Creates a fresh session (a new id on every sign-in, so a planted cookie is never reused). */
export async function startSession(ctx: AppContext, userId: string, meta: ClientMeta): Promise<NewSession> {
  const now = ctx.now();
  const token = newToken();
  const csrfToken = newToken(24);
  const expiresAt = now + hours(ctx.env.WATCHFLOOR_SESSION_ABSOLUTE_HOURS);
  await insertSession(ctx.db, {
    id: sha256(token),
    user_id: userId,
    csrf_token: csrfToken,
    created_at: now,
    last_seen_at: now,
    expires_at: expiresAt,
    ip_address: meta.ip,
    user_agent: meta.userAgent?.slice(0, 400) ?? null,
  });
  await noteDevice(ctx, userId, meta);
  return { token, csrfToken, expiresAt };
}

/** Remembers the device; a sign-in from one not seen before raises a notification. */
async function noteDevice(ctx: AppContext, userId: string, meta: ClientMeta): Promise<void> {
  const now = ctx.now();
  const fingerprint = sha256(`${meta.userAgent ?? ""}|${meta.ip ?? ""}`);
  const seen = await users.knownDevice(ctx.db, userId, fingerprint);
  if (seen === "new") {
    await insertNotification(ctx.db, {
      userId,
      kind: "new_device_sign_in",
      message: `New sign-in from ${describeUserAgent(meta.userAgent)} at ${meta.ip ?? "an unknown address"}. If this was not you, change your password.`,
      link: "/profile",
      at: now,
    });
  }
  await users.rememberDevice(ctx.db, userId, fingerprint, now);
}

export async function signUp(ctx: AppContext, body: SignUpBody, meta: ClientMeta): Promise<{ userId: string }> {
  const now = ctx.now();
  const passwordHash = await hashPassword(body.password);
  const userId = newId();
  await ctx.db.transaction().execute(async (trx) => {
    if (await users.findUserByEmail(trx, body.email)) {
      throw conflict("An account with this e-mail already exists.", [{ path: "email", message: "is already registered" }]);
    }
    const first = (await users.countUsers(trx)) === 0;
    const invitation = body.inviteToken ? await findUsableInvitation(trx, sha256(body.inviteToken), now) : undefined;
    if (body.inviteToken && !invitation) throw invalid("inviteToken", "This invitation is unknown, used or expired.");
    if (invitation && invitation.email !== body.email) {
      throw invalid("email", "Use the e-mail address the invitation was sent to.");
    }
    if (!first && !invitation && !(await signupOpen(trx))) {
      throw new AppError(403, errorCodes.signupClosed, "Sign-up needs an invitation. Ask an administrator for one.");
    }
    await createAccount(trx, {
      id: userId,
      email: body.email,
      displayName: body.displayName,
      jobTitle: body.jobTitle,
      passwordHash,
      first,
      invitation,
      ip: meta.ip,
      at: now,
    });
    await recordAudit(trx, {
      event: "auth.sign_up",
      at: now,
      actorUserId: userId,
      actorEmail: body.email,
      ipAddress: meta.ip,
      details: { firstUser: first, invited: Boolean(invitation) },
    });
  });
  return { userId };
}

export async function signIn(ctx: AppContext, body: SignInBody, meta: ClientMeta): Promise<{ userId: string }> {
  const now = ctx.now();
  const user = await users.findUserByEmail(ctx.db, body.email);
  if (user) await refuseIfLocked(ctx, { userId: user.id, email: user.email }, meta);
  const ok = await verifyPassword(user?.password_hash ?? null, body.password);
  if (!user || !ok) {
    if (user) await countFailure(ctx, { userId: user.id, email: user.email }, meta, "wrong_password");
    else {
      await recordAudit(ctx.db, {
        event: "auth.sign_in_failed",
        at: now,
        actorUserId: null,
        actorEmail: body.email,
        ipAddress: meta.ip,
        details: { reason: "unknown_account" },
      });
    }
    throw new AppError(401, errorCodes.invalidCredentials, "Wrong e-mail or password.");
  }
  await forgiveFailures(ctx.db, user.id, meta);
  await recordAudit(ctx.db, { event: "auth.sign_in", at: now, actorUserId: user.id, actorEmail: user.email, ipAddress: meta.ip });
  return { userId: user.id };
}

/** What a session started just now must do first (the guard works it out for later requests). */
export async function pendingForNewSession(ctx: AppContext, userId: string): Promise<SessionPending | null> {
  const user = await users.findUserById(ctx.db, userId);
  const hasSecondFactor = (await confirmedFactors(ctx.db, userId)).length > 0;
  const required = (await users.tenantsRequiringSecondFactor(ctx.db, userId)).length > 0;
  return pendingStep({
    hasSecondFactor,
    secondFactorAt: null,
    passwordMustChange: user?.password_must_change === 1,
    secondFactorRequired: required,
  });
}

/** The signed-in user; `pending` is what their session must do first (http/session-gate.ts). */
export async function currentUser(
  ctx: AppContext,
  userId: string,
  pending: SessionPending | null = null,
): Promise<CurrentUser | null> {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) return null;
  const kinds = new Set((await confirmedFactors(ctx.db, userId)).map((f) => f.kind));
  return {
    id: user.id,
    email: user.email,
    displayName: user.display_name,
    jobTitle: user.job_title,
    platformAdmin: user.platform_admin === 1,
    memberships: await membershipsOf(ctx.db, user.id),
    preferences: readPreferences(user.preferences),
    pending,
    secondFactors: [...kinds],
  };
}

/** The signed-in user's view; a session whose user vanished is treated as signed out. */
export async function requireCurrentUser(
  ctx: AppContext,
  userId: string,
  pending: SessionPending | null = null,
): Promise<CurrentUser> {
  const user = await currentUser(ctx, userId, pending);
  if (!user) throw new AppError(401, errorCodes.unauthenticated, "Sign in to continue.");
  return user;
}

export function readPreferences(json: string): Preferences {
  const parsed = preferencesSchema.safeParse(JSON.parse(json || "{}"));
  return parsed.success ? parsed.data : preferencesSchema.parse({});
}

export async function changePassword(
  ctx: AppContext,
  userId: string,
  currentSessionId: string,
  body: { currentPassword: string; newPassword: string },
  meta: ClientMeta,
): Promise<void> {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) throw new AppError(401, errorCodes.unauthenticated, "Sign in to continue.");
  if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
    throw invalid("currentPassword", "The current password is wrong.");
  }
  const problems = passwordProblems(body.newPassword, user.email);
  if (problems.length) throw invalid("newPassword", passwordProblemMessages[problems[0] ?? "common"]);
  if (await verifyPassword(user.password_hash, body.newPassword))
    throw invalid("newPassword", "Choose a password different from the current one.");
  const now = ctx.now();
  const hashed = await hashPassword(body.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await users.setPassword(trx, userId, hashed, now);
    // Other sessions may belong to whoever knew the old password.
    await deleteUserSessions(trx, userId, currentSessionId);
    await recordAudit(trx, {
      event: "auth.password_changed",
      at: now,
      actorUserId: userId,
      actorEmail: user.email,
      ipAddress: meta.ip,
    });
  });
}
