import type { FastifyReply, FastifyRequest } from "fastify";
import { CSRF_COOKIE, SESSION_COOKIE } from "../../http/auth-guard";
import { newToken } from "../../lib/tokens";
import type { NewSession } from "./auth.service";

const secure = (request: FastifyRequest) => request.protocol === "https";

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: NewSession): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: secure(request),
    expires: new Date(session.expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

/** Anonymous visitors get a double-submit CSRF token for the sign-in and sign-up forms. */
export function ensureAnonymousCsrf(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && existing.length >= 20) return existing;
  const token = newToken(24);
  reply.setCookie(CSRF_COOKIE, token, { path: "/", httpOnly: true, sameSite: "strict", secure: secure(request) });
  return token;
}
