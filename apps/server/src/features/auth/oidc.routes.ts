import { redirectResponse } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as client from "openid-client";
import { z } from "zod";
import type { AppContext } from "../../context";
import { notFound } from "../../http/errors";
import { minutes } from "../../lib/time";
import { sign, unsign } from "../../lib/tokens";
import { startSession } from "./auth.service";
import { publicBase } from "../../http/public-url";
import { oidcConfig, oidcEnabled, provisionSsoUser } from "./oidc";
import { setSessionCookie } from "./session-cookie";

const STATE_COOKIE = "wf_oidc";

/** Only same-site relative paths; "//host" and "/\\host" would leave the site. */
export const safeReturnPath = (value: string | undefined): string => (value && /^\/(?![/\\])/.test(value) ? value : "/dashboard");

export const oidcRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const pub = { policy: { access: "public" } } as const;

    app.get(
      "/auth/oidc/start",
      {
        config: pub,
        schema: {
          tags: ["auth"],
          querystring: z.object({ returnTo: z.string().max(500).optional() }),
          response: { 302: redirectResponse("To the identity provider's sign-in page.") },
        },
      },
      async (request, reply) => {
        if (!oidcEnabled(ctx)) throw notFound("Single sign-on");
        const config = await oidcConfig(ctx);
        const verifier = client.randomPKCECodeVerifier();
        const state = client.randomState();
        const nonce = client.randomNonce();
        const url = client.buildAuthorizationUrl(config, {
          redirect_uri: `${publicBase(ctx, request)}/api/v1/auth/oidc/callback`,
          scope: "openid email profile",
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: "S256",
          state,
          nonce,
        });
        const payload = Buffer.from(
          JSON.stringify({
            state,
            nonce,
            verifier,
            returnTo: safeReturnPath(request.query.returnTo),
            exp: ctx.now() + minutes(10),
          }),
        ).toString("base64url");
        reply.setCookie(STATE_COOKIE, sign(payload, ctx.secret), {
          path: "/api/v1/auth/oidc",
          httpOnly: true,
          sameSite: "lax",
          secure: request.protocol === "https",
          maxAge: 600,
        });
        return reply.redirect(url.href);
      },
    );

    const back = redirectResponse("Signed in: to the page asked for (or /dashboard); refused: to /login?error=<reason>.");
    app.get(
      "/auth/oidc/callback",
      { config: pub, schema: { tags: ["auth"], response: { 302: back } } },
      async (request, reply) => {
        if (!oidcEnabled(ctx)) throw notFound("Single sign-on");
        const fail = (reason: string) => reply.redirect(`/login?error=${encodeURIComponent(reason)}`);
        const raw = request.cookies[STATE_COOKIE];
        const payload = raw ? unsign(raw, ctx.secret) : null;
        reply.clearCookie(STATE_COOKIE, { path: "/api/v1/auth/oidc" });
        if (!payload) return fail("sso_state");
        const saved = JSON.parse(Buffer.from(payload, "base64url").toString()) as {
          state: string;
          nonce: string;
          verifier: string;
          returnTo: string;
          exp: number;
        };
        if (saved.exp < ctx.now()) return fail("sso_state");
        const config = await oidcConfig(ctx);
        const base = publicBase(ctx, request);
        let claims: Record<string, unknown> | undefined;
        try {
          const tokens = await client.authorizationCodeGrant(config, new URL(request.url, base), {
            pkceCodeVerifier: saved.verifier,
            expectedState: saved.state,
            expectedNonce: saved.nonce,
          });
          claims = tokens.claims();
          // Providers that keep profile claims out of the ID token serve them from userinfo.
          if (claims && typeof claims.email !== "string") {
            claims = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub as string)), ...claims };
          }
        } catch (error) {
          request.log.warn({ err: error }, "OIDC code exchange failed");
          return fail("sso_failed");
        }
        if (!claims) return fail("sso_failed");
        const outcome = await provisionSsoUser(
          ctx,
          {
            sub: String(claims.sub),
            email: typeof claims.email === "string" ? claims.email : undefined,
            emailVerified: typeof claims.email_verified === "boolean" ? claims.email_verified : undefined,
            name: typeof claims.name === "string" ? claims.name : undefined,
          },
          request.ip,
        );
        if ("refused" in outcome) return fail(`sso_${outcome.refused}`);
        const session = await startSession(ctx, outcome.userId, {
          ip: request.ip,
          userAgent: request.headers["user-agent"] ?? null,
        });
        setSessionCookie(request, reply, session);
        return reply.redirect(safeReturnPath(saved.returnTo));
      },
    );
  };
