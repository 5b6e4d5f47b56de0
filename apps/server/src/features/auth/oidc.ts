import * as client from "openid-client";
import type { AppContext } from "../../context";
import { newId, sha256 } from "../../lib/tokens";
import { recordAudit } from "../audit/audit.repository";
import { signupOpen } from "../settings/settings.repository";
import { newestUsableInvitationFor } from "../invitations/invitations.repository";
import { createAccount } from "./new-account";
import { linkedUserId, linkIdentity } from "./oidc.repository";
import * as users from "../users/users.repository";

export const oidcEnabled = (ctx: AppContext): boolean => Boolean(ctx.env.WATCHFLOOR_OIDC_ISSUER);

const configs = new WeakMap<AppContext, Promise<client.Configuration>>();

/** Discovery runs once per app; a failure is not cached so a later sign-in can retry. */
export function oidcConfig(ctx: AppContext): Promise<client.Configuration> {
  const cached = configs.get(ctx);
  if (cached) return cached;
  const issuer = new URL(ctx.env.WATCHFLOOR_OIDC_ISSUER ?? "");
  const promise = client.discovery(
    issuer,
    ctx.env.WATCHFLOOR_OIDC_CLIENT_ID ?? "",
    ctx.env.WATCHFLOOR_OIDC_CLIENT_SECRET ?? "",
    undefined,
    // Plain HTTP is accepted only for loopback issuers (local providers and tests).
    isLoopbackHttp(issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
  );
  configs.set(ctx, promise);
  promise.catch(() => configs.delete(ctx));
  return promise;
}

function isLoopbackHttp(url: URL): boolean {
  return url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}

export interface OidcClaims {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

export type SsoOutcome = { userId: string } | { refused: "no_account" | "email_unverified" };

/**
 * Finds or creates the account for a verified identity: a linked identity first, then an
 * account with the same verified e-mail, then the same rules as sign-up (first user, an
 * invitation, or open sign-up).
 */
export async function provisionSsoUser(ctx: AppContext, claims: OidcClaims, ip: string | null): Promise<SsoOutcome> {
  const issuer = ctx.env.WATCHFLOOR_OIDC_ISSUER ?? "";
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx): Promise<SsoOutcome> => {
    let userId = await linkedUserId(trx, issuer, claims.sub);
    if (!userId) {
      const email = claims.email?.trim().toLowerCase();
      if (!email) return { refused: "no_account" };
      if (claims.emailVerified === false) return { refused: "email_unverified" };
      const existing = await users.findUserByEmail(trx, email);
      if (existing) {
        userId = existing.id;
      } else {
        const first = (await users.countUsers(trx)) === 0;
        const invitation = await newestUsableInvitationFor(trx, email, now);
        if (!first && !invitation && !(await signupOpen(trx))) return { refused: "no_account" };
        userId = newId();
        await createAccount(trx, {
          id: userId,
          email,
          displayName: claims.name?.slice(0, 80) || email,
          passwordHash: null,
          first,
          invitation,
          ip,
          at: now,
        });
      }
      await linkIdentity(trx, issuer, claims.sub, userId, now);
    }
    await recordAudit(trx, {
      event: "auth.sso_sign_in",
      at: now,
      actorUserId: userId,
      actorEmail: claims.email ?? null,
      ipAddress: ip,
      details: { issuer, subject: sha256(claims.sub).slice(0, 16) },
    });
    return { userId };
  });
}
