import type { AccountSecurity, SecondFactorVerifyBody, TotpEnrolment } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { conflict, invalid, notFound } from "../../http/errors";
import { isoOrNull, iso } from "../../lib/time";
import { newId } from "../../lib/tokens";
import { recordAudit } from "../audit/audit.repository";
import { insertNotification } from "../notifications/notifications.repository";
import type { ClientMeta } from "./auth.service";
import * as factors from "./factors.repository";
import { countFailure, forgiveFailures } from "./failed-attempts";
import * as passkeys from "./passkeys";
import { verifyPassword } from "./password-hash";
import { newRecoveryCodes, recoveryCodeHash } from "./recovery-codes";
import { markSecondFactor, setWebauthnChallenge, takeWebauthnChallenge } from "./sessions.repository";
import { matchTotp, newTotpSecret, totpUri } from "./totp";
import { findUserById, tenantsRequiringSecondFactor } from "../users/users.repository";

/** The signed-in person and session a second-factor call acts for. */
export interface SessionRef {
  userId: string;
  email: string;
  sessionId: string;
}

type FactorRow = Awaited<ReturnType<typeof factors.confirmedFactors>>[number];

const stored = (row: FactorRow): passkeys.StoredPasskey => ({
  credentialId: row.credential_id ?? "",
  publicKey: row.public_key ?? "",
  signCount: Number(row.sign_count),
  transports: JSON.parse(row.transports) as string[],
});

export async function overview(ctx: AppContext, userId: string): Promise<AccountSecurity> {
  const rows = await factors.confirmedFactors(ctx.db, userId);
  return {
    factors: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      label: r.label,
      createdAt: iso(r.created_at),
      lastUsedAt: isoOrNull(r.last_used_at),
    })),
    recoveryCodesLeft: rows.length ? await factors.countRecoveryCodesLeft(ctx.db, userId) : 0,
    requiredBy: await tenantsRequiringSecondFactor(ctx.db, userId),
  };
}

/** Starts a TOTP enrolment: the secret is kept unconfirmed until a code from the app proves it. */
export async function startTotp(ctx: AppContext, who: SessionRef, label = "Authenticator app"): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  const factorId = newId();
  await ctx.db.transaction().execute(async (trx) => {
    await factors.deleteUnconfirmed(trx, who.userId, "totp");
    await factors.insertFactor(trx, {
      id: factorId,
      user_id: who.userId,
      kind: "totp",
      label,
      totp_secret: secret,
      created_at: ctx.now(),
      confirmed_at: null,
      last_used_at: null,
      last_totp_step: null,
      credential_id: null,
      public_key: null,
    });
  });
  return { factorId, secret, uri: totpUri(secret, who.email) };
}

export async function confirmTotp(ctx: AppContext, who: SessionRef, factorId: string, code: string, meta: ClientMeta) {
  const factor = await factors.findFactor(ctx.db, who.userId, factorId);
  if (factor?.kind !== "totp" || factor.confirmed_at != null || !factor.totp_secret) throw notFound("Enrolment");
  const step = matchTotp(factor.totp_secret, code, ctx.now());
  if (step == null) throw invalid("code", "The code does not match; check the time on your phone and enter the newest code.");
  return enrolled(ctx, who, meta, factor.label, "totp", (trx, at) => factors.confirmFactor(trx, factorId, at, step));
}

export async function passkeyRegistrationOptions(ctx: AppContext, who: SessionRef, where: passkeys.WebOrigin) {
  const user = await findUserById(ctx.db, who.userId);
  const existing = (await factors.confirmedFactors(ctx.db, who.userId)).filter((f) => f.kind === "passkey").map(stored);
  const options = await passkeys.registrationOptions(
    where,
    { userId: who.userId, email: who.email, displayName: user?.display_name ?? who.email },
    existing,
  );
  await setWebauthnChallenge(ctx.db, who.sessionId, options.challenge);
  return options;
}

export async function registerPasskey(
  ctx: AppContext,
  who: SessionRef,
  where: passkeys.WebOrigin,
  response: unknown,
  label: string,
  meta: ClientMeta,
) {
  const challenge = await takeWebauthnChallenge(ctx.db, who.sessionId);
  if (!challenge) throw invalid("response", "Start the passkey set-up again: no challenge is waiting for this session.");
  const passkey = await passkeys.verifyRegistration(where, challenge, response);
  if (!passkey) throw invalid("response", "The passkey's answer could not be verified.");
  return enrolled(ctx, who, meta, label, "passkey", async (trx, at) => {
    await factors.insertFactor(trx, {
      id: newId(),
      user_id: who.userId,
      kind: "passkey",
      label,
      totp_secret: null,
      last_totp_step: null,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      sign_count: passkey.signCount,
      transports: JSON.stringify(passkey.transports),
      created_at: at,
      confirmed_at: at,
      last_used_at: null,
    });
  });
}

/**
 * Saves a confirmed factor. The first one comes with recovery codes (shown once) and counts as
 * proven for this session; the person is told and the audit log records it.
 */
async function enrolled(
  ctx: AppContext,
  who: SessionRef,
  meta: ClientMeta,
  label: string,
  kind: "totp" | "passkey",
  save: (trx: Parameters<typeof factors.insertFactor>[0], at: number) => Promise<void>,
): Promise<{ recoveryCodes: string[] | null }> {
  const now = ctx.now();
  let codes: string[] | null = null;
  await ctx.db.transaction().execute(async (trx) => {
    const first = (await factors.confirmedFactors(trx, who.userId)).length === 0;
    await save(trx, now);
    if (first) {
      codes = newRecoveryCodes();
      await factors.replaceRecoveryCodes(trx, who.userId, codes.map(recoveryCodeHash), now);
    }
    await markSecondFactor(trx, who.sessionId, now);
    await insertNotification(trx, {
      userId: who.userId,
      kind: "account_security",
      message: `A second factor was added to your account (${label}). If this was not you, tell your security lead now.`,
      link: "/profile",
      at: now,
    });
    await recordAudit(trx, {
      event: "auth.second_factor_enrolled",
      at: now,
      actorUserId: who.userId,
      actorEmail: who.email,
      ipAddress: meta.ip,
      details: { kind, label },
    });
  });
  return { recoveryCodes: codes };
}

export async function passkeyAuthenticationOptions(ctx: AppContext, who: SessionRef, where: passkeys.WebOrigin) {
  const keys = (await factors.confirmedFactors(ctx.db, who.userId)).filter((f) => f.kind === "passkey").map(stored);
  if (keys.length === 0) throw notFound("Passkey");
  const options = await passkeys.authenticationOptions(where, keys);
  await setWebauthnChallenge(ctx.db, who.sessionId, options.challenge);
  return options;
}

/**
 * Proves the second factor for a session that signed in with a password. Wrong answers count
 * towards the same per-address lock as wrong passwords, so codes cannot be guessed.
 */
export async function verifySecondFactor(
  ctx: AppContext,
  who: SessionRef,
  body: SecondFactorVerifyBody,
  where: passkeys.WebOrigin,
  meta: ClientMeta,
) {
  const now = ctx.now();
  const method = await proves(ctx, who, body, where);
  if (!method) {
    await countFailure(ctx, { userId: who.userId, email: who.email, sessionId: who.sessionId }, meta, "wrong_second_factor");
    throw invalid(
      body.method === "passkey" ? "response" : "code",
      body.method === "recovery" ? "This recovery code is wrong or already used." : "The second factor did not match.",
    );
  }
  await ctx.db.transaction().execute(async (trx) => {
    await markSecondFactor(trx, who.sessionId, now);
    await forgiveFailures(trx, who.userId, meta);
    await recordAudit(trx, {
      event: "auth.second_factor_verified",
      at: now,
      actorUserId: who.userId,
      actorEmail: who.email,
      ipAddress: meta.ip,
      details: { method },
    });
    if (method === "recovery") {
      const left = await factors.countRecoveryCodesLeft(trx, who.userId);
      await insertNotification(trx, {
        userId: who.userId,
        kind: "account_security",
        message: `A recovery code was used to sign in to your account; ${left} left. Make new ones from your profile if you are running low.`,
        link: "/profile",
        at: now,
      });
    }
  });
}

async function proves(
  ctx: AppContext,
  who: SessionRef,
  body: SecondFactorVerifyBody,
  where: passkeys.WebOrigin,
): Promise<string | null> {
  const now = ctx.now();
  if (body.method === "recovery")
    return (await factors.useRecoveryCode(ctx.db, who.userId, recoveryCodeHash(body.code), now)) ? "recovery" : null;
  const rows = await factors.confirmedFactors(ctx.db, who.userId);
  if (body.method === "totp") {
    for (const row of rows) {
      if (row.kind !== "totp" || !row.totp_secret) continue;
      const step = matchTotp(row.totp_secret, body.code, now);
      // A code already used (in this step or a later one) is a replay, not a proof.
      if (step != null && (await factors.useTotpStep(ctx.db, row.id, step, now))) return "totp";
    }
    return null;
  }
  const challenge = await takeWebauthnChallenge(ctx.db, who.sessionId);
  const credentialId = passkeys.answeredCredentialId(body.response);
  const row = challenge && credentialId ? await factors.findPasskey(ctx.db, who.userId, credentialId) : undefined;
  if (!challenge || !row) return null;
  const counter = await passkeys.verifyAssertion(where, challenge, body.response, stored(row));
  if (counter == null) return null;
  await factors.usePasskey(ctx.db, row.id, counter, now);
  return "passkey";
}

async function requirePassword(ctx: AppContext, userId: string, password: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user || !(await verifyPassword(user.password_hash, password)))
    throw invalid("currentPassword", "The current password is wrong.");
}

export async function removeFactor(
  ctx: AppContext,
  who: SessionRef,
  factorId: string,
  currentPassword: string,
  meta: ClientMeta,
) {
  if (!(await factors.findFactor(ctx.db, who.userId, factorId))) throw notFound("Second factor");
  await requirePassword(ctx, who.userId, currentPassword);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const rows = await factors.confirmedFactors(trx, who.userId);
    const factor = rows.find((r) => r.id === factorId);
    if (!factor) throw notFound("Second factor");
    const last = rows.length === 1;
    const requiredBy = last ? await tenantsRequiringSecondFactor(trx, who.userId) : [];
    if (requiredBy.length)
      throw conflict(`${requiredBy.join(", ")} requires a second factor: add another before removing this one.`);
    await factors.deleteFactor(trx, who.userId, factorId);
    if (last) await factors.replaceRecoveryCodes(trx, who.userId, [], now);
    await insertNotification(trx, {
      userId: who.userId,
      kind: "account_security",
      message: `A second factor was removed from your account (${factor.label}).`,
      link: "/profile",
      at: now,
    });
    await recordAudit(trx, {
      event: "auth.second_factor_removed",
      at: now,
      actorUserId: who.userId,
      actorEmail: who.email,
      ipAddress: meta.ip,
      details: { kind: factor.kind, label: factor.label },
    });
  });
}

export async function regenerateRecoveryCodes(
  ctx: AppContext,
  who: SessionRef,
  currentPassword: string,
  meta: ClientMeta,
): Promise<string[]> {
  await requirePassword(ctx, who.userId, currentPassword);
  const codes = newRecoveryCodes();
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    if ((await factors.confirmedFactors(trx, who.userId)).length === 0)
      throw conflict("Add a second factor first: recovery codes stand in for one.");
    await factors.replaceRecoveryCodes(trx, who.userId, codes.map(recoveryCodeHash), now);
    await recordAudit(trx, {
      event: "auth.recovery_codes_renewed",
      at: now,
      actorUserId: who.userId,
      actorEmail: who.email,
      ipAddress: meta.ip,
    });
  });
  return codes;
}
