import {
  currentUserSchema,
  okSchema,
  passwordChangeBodySchema,
  preferencesSchema,
  profileUpdateBodySchema,
  revokedCountSchema,
  sessionListSchema,
  sessionPendingSteps,
  sessionResponseSchema,
  signInBodySchema,
  signUpBodySchema,
} from "@watchfloor/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { sessionAuth } from "../../http/auth-guard";
import { invalid, notFound } from "../../http/errors";
import { iso } from "../../lib/time";
import { recordAudit } from "../audit/audit.repository";
import { signupOpen } from "../settings/settings.repository";
import * as service from "./auth.service";
import { oidcEnabled } from "./oidc";
import { clearSessionCookie, ensureAnonymousCsrf, setSessionCookie } from "./session-cookie";
import { deleteSession } from "../../http/credentials.repository";
import * as sessions from "./sessions.repository";
import { countUsers, updateUser } from "../users/users.repository";

const meta = (request: FastifyRequest): service.ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"] ?? null,
});

const ok = okSchema;

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const pub = { policy: { access: "public" } } as const;
    const self = { policy: { access: "user" } } as const;
    // Open whatever the session still has to do (second factor, new password, enrolment).
    const anyStep = { policy: { access: "user", allowPending: sessionPendingSteps } } as const;
    const limited = {
      ...pub,
      rateLimit: { max: ctx.env.WATCHFLOOR_SIGNIN_RATE_PER_MINUTE, timeWindow: "1 minute" },
    };

    app.get(
      "/auth/session",
      { config: pub, schema: { tags: ["auth"], response: { 200: sessionResponseSchema } } },
      async (request, reply) => {
        const auth = request.auth?.kind === "session" ? request.auth : null;
        const user = auth ? await service.currentUser(ctx, auth.userId, auth.pending) : null;
        return {
          user,
          csrfToken: auth ? auth.csrfToken : ensureAnonymousCsrf(request, reply),
          sso: { enabled: oidcEnabled(ctx), label: ctx.env.WATCHFLOOR_OIDC_LABEL },
          signupOpen: await signupOpen(ctx.db),
          needsFirstUser: (await countUsers(ctx.db)) === 0,
          chatWidgetUrl: ctx.env.WATCHFLOOR_CHAT_WIDGET_URL ?? null,
          ...(request.sessionExpired && !auth ? { sessionExpired: true } : {}),
        };
      },
    );

    app.post(
      "/auth/sign-up",
      { config: limited, schema: { tags: ["auth"], body: signUpBodySchema, response: { 201: currentUserSchema } } },
      async (request, reply) => {
        const { userId } = await service.signUp(ctx, request.body, meta(request));
        const session = await service.startSession(ctx, userId, meta(request));
        setSessionCookie(request, reply, session);
        return reply
          .status(201)
          .send(await service.requireCurrentUser(ctx, userId, await service.pendingForNewSession(ctx, userId)));
      },
    );

    app.post(
      "/auth/sign-in",
      { config: limited, schema: { tags: ["auth"], body: signInBodySchema, response: { 200: currentUserSchema } } },
      async (request, reply) => {
        const { userId } = await service.signIn(ctx, request.body, meta(request));
        // Rotate: whatever session the browser carried before is ended.
        const previous = request.auth?.kind === "session" ? request.auth.sessionId : null;
        if (previous) await deleteSession(ctx.db, previous);
        const session = await service.startSession(ctx, userId, meta(request));
        setSessionCookie(request, reply, session);
        return service.requireCurrentUser(ctx, userId, await service.pendingForNewSession(ctx, userId));
      },
    );

    app.post("/auth/sign-out", { config: anyStep, schema: { tags: ["auth"], response: { 200: ok } } }, async (request, reply) => {
      const auth = sessionAuth(request);
      await deleteSession(ctx.db, auth.sessionId);
      await recordAudit(ctx.db, {
        event: "auth.sign_out",
        at: ctx.now(),
        actorUserId: auth.userId,
        actorEmail: auth.email,
        ipAddress: request.ip,
      });
      clearSessionCookie(reply);
      return { ok: true as const };
    });

    app.post(
      "/auth/password",
      {
        config: { policy: { access: "user", allowPending: ["password_change"] } },
        schema: { tags: ["auth"], body: passwordChangeBodySchema, response: { 200: ok } },
      },
      async (request) => {
        const auth = sessionAuth(request);
        await service.changePassword(ctx, auth.userId, auth.sessionId, request.body, meta(request));
        return { ok: true as const };
      },
    );

    app.patch(
      "/auth/profile",
      { config: self, schema: { tags: ["auth"], body: profileUpdateBodySchema, response: { 200: currentUserSchema } } },
      async (request) => {
        const auth = sessionAuth(request);
        await updateUser(ctx.db, auth.userId, {
          ...(request.body.displayName !== undefined ? { display_name: request.body.displayName } : {}),
          ...(request.body.jobTitle !== undefined ? { job_title: request.body.jobTitle } : {}),
        });
        return service.requireCurrentUser(ctx, auth.userId);
      },
    );

    app.put(
      "/auth/preferences",
      { config: self, schema: { tags: ["auth"], body: preferencesSchema, response: { 200: preferencesSchema } } },
      async (request) => {
        const auth = sessionAuth(request);
        const prefs = request.body;
        if (prefs.defaultTenantId && !auth.memberships.some((m) => m.tenantId === prefs.defaultTenantId)) {
          throw invalid("defaultTenantId", "is not a tenant you belong to");
        }
        if (!isTimeZone(prefs.timeZone)) throw invalid("timeZone", "is not a known IANA time zone");
        await updateUser(ctx.db, auth.userId, { preferences: JSON.stringify(prefs) });
        return prefs;
      },
    );

    app.get(
      "/auth/sessions",
      { config: self, schema: { tags: ["auth"], response: { 200: sessionListSchema } } },
      async (request) => {
        const auth = sessionAuth(request);
        const rows = await sessions.listUserSessions(ctx.db, auth.userId, ctx.now());
        return {
          items: rows.map((r) => ({
            id: r.id,
            createdAt: iso(r.created_at),
            lastSeenAt: iso(r.last_seen_at),
            ipAddress: r.ip_address,
            userAgent: r.user_agent,
            current: r.id === auth.sessionId,
          })),
        };
      },
    );

    app.post(
      "/auth/sessions/revoke-others",
      { config: self, schema: { tags: ["auth"], response: { 200: revokedCountSchema } } },
      async (request) => {
        const auth = sessionAuth(request);
        return { revoked: await sessions.deleteUserSessions(ctx.db, auth.userId, auth.sessionId) };
      },
    );

    app.delete(
      "/auth/sessions/:sessionId",
      { config: self, schema: { tags: ["auth"], params: z.object({ sessionId: z.string() }), response: { 200: ok } } },
      async (request) => {
        const auth = sessionAuth(request);
        if (!(await sessions.deleteUserSession(ctx.db, auth.userId, request.params.sessionId))) throw notFound("Session");
        return { ok: true as const };
      },
    );
  };

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
